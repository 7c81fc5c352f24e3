import { escapeXml } from './escape-xml';

export type TextOptions = {
  x: number;
  y: number;
  size: number;
  fill: string;
  anchor?: 'start' | 'middle' | 'end';
  weight?: number;
  transform?: string;
  /** Shown on hover in a browser. */
  tooltip?: string;
};

/** An SVG `<text>` element; the content and tooltip are escaped here. */
export function svgText(options: TextOptions, content: string): string {
  const attributes = [
    `x="${round(options.x)}"`,
    `y="${round(options.y)}"`,
    `font-size="${options.size}"`,
    `fill="${options.fill}"`,
    options.anchor === undefined ? '' : `text-anchor="${options.anchor}"`,
    options.weight === undefined ? '' : `font-weight="${options.weight}"`,
    options.transform === undefined ? '' : `transform="${options.transform}"`,
  ].filter((attribute) => attribute !== '');
  return `<text ${attributes.join(' ')}>${escapeXml(content)}${svgTooltip(options.tooltip)}</text>`;
}

export function svgTooltip(tooltip: string | undefined): string {
  return tooltip === undefined ? '' : `<title>${escapeXml(tooltip)}</title>`;
}

/** Coordinates to a tenth of a pixel: enough for the eye, and a smaller file. */
export function round(value: number): number {
  return Math.round(value * 10) / 10;
}
