/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_DISABLE_CONTEXT_MENU?: string;
  readonly VITE_HELP_VIDEO_USER?: string;
  readonly VITE_HELP_VIDEO_OTHER?: string;
  readonly VITE_CONTACT_EMAIL?: string;
}
