import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

interface PageTitleProps {
  title?: string | ReactNode;
  defaultTitle?: ReactNode;
  className?: string;
  /** The configurable title's key: the console never edits titles, so it is not used. */
  preferenceKey?: string | false;
}

/**
 * The page title in the app bar: react-admin's `Title` renders this in place of its configurable
 * title (web-admin/vite.config.ts swaps the module at build time). The configurable one adds an
 * editor for a title a user may type in, a mode the console never turns on, and with that editor
 * MUI's TextField, Select, Menu and Popover to every screen's first load.
 */
export function PageTitleConfigurable({
  title,
  defaultTitle,
  className,
  preferenceKey: _preferenceKey,
  ...rest
}: PageTitleProps) {
  const translate = useTranslate();
  // A title given as an element (an order's number, say) is shown as it is; text is translated.
  if (title && typeof title !== 'string') return <span className={className}>{title}</span>;
  const text = typeof title === 'string' && title ? translate(title, { _: title }) : defaultTitle;
  return (
    <span className={className}>
      <span {...rest}>{text}</span>
    </span>
  );
}
