/**
 * Generated placeholder images for products without one: `/media/placeholder/<category>.svg`, an SVG
 * drawn from the category name (no third-party URL). Cached like other media.
 */
import { Controller, Get, Param, Res } from '@nestjs/common';
import { AppError, CATEGORIES } from '@lr/contracts';
import type { FastifyReply } from 'fastify';
import { Access } from '../../auth/access.decorator.js';
import { ApiDoc } from '../../docs/api-doc.decorator.js';

const COLOURS: Record<string, [string, string]> = {
  footwear: ['#1f4e79', '#dbe8f5'],
  clothing: ['#7a2e5b', '#f5dcea'],
  sports: ['#2e6b30', '#dcf0dc'],
  miscellaneous: ['#6b4e16', '#f3e8cf'],
};

/** Simple shapes suggesting each category, drawn in a 200x200 box. */
const ICONS: Record<string, string> = {
  footwear:
    '<path d="M40 120 L40 80 L80 80 Q95 100 130 105 L160 112 Q170 116 170 128 L170 135 L40 135 Z"/>',
  clothing:
    '<path d="M70 55 L100 68 L130 55 L165 80 L150 100 L138 92 L138 150 L62 150 L62 92 L50 100 L35 80 Z"/>',
  sports: '<circle cx="100" cy="100" r="45"/>',
  miscellaneous:
    '<rect x="60" y="65" width="80" height="85" rx="12"/><path d="M80 65 Q80 45 100 45 Q120 45 120 65" fill="none" stroke-width="8"/>',
};

export function placeholderSvg(category: string): string {
  const key = category.toLowerCase();
  const [ink, paper] = COLOURS[key] ?? ['#444444', '#eeeeee'];
  const label = CATEGORIES.find((c) => c.toLowerCase() === key) ?? 'Item';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 200 200" role="img" aria-label="${label}">
<rect width="200" height="200" fill="${paper}"/>
<g fill="${ink}" stroke="${ink}" opacity="0.85">${ICONS[key] ?? ICONS.miscellaneous}</g>
<text x="100" y="180" font-family="sans-serif" font-size="16" text-anchor="middle" fill="${ink}">${label}</text>
</svg>`;
}

@Controller()
export class PlaceholderController {
  @Get('/media/placeholder/:file')
  @Access('public')
  @ApiDoc({ summary: 'Generated placeholder image of a category (SVG)' })
  image(@Param('file') file: string, @Res() reply: FastifyReply) {
    const match = /^([a-z]+)\.svg$/.exec(file.toLowerCase());
    if (!match?.[1] || !(match[1] in COLOURS)) throw AppError.notFound('Resource not found');
    return reply
      .header('Content-Type', 'image/svg+xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=86400')
      .send(placeholderSvg(match[1]));
  }
}
