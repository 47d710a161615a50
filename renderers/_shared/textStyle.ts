import type { CSSProperties } from 'react';

/** Converts a JNPF `textStyle` (`{color, 'font-size', 'font-weight', 'text-align', …}`) to React style (known keys only). */
export function textStyleOf(style: unknown): CSSProperties {
  const s = (style ?? {}) as Record<string, unknown>;
  const str = (k: string) => (typeof s[k] === 'string' || typeof s[k] === 'number' ? (s[k] as string) : undefined);
  return {
    color: str('color'),
    fontSize: str('font-size'),
    fontWeight: str('font-weight') as CSSProperties['fontWeight'],
    fontStyle: str('font-style') as CSSProperties['fontStyle'],
    textAlign: str('text-align') as CSSProperties['textAlign'],
    textDecoration: str('text-decoration'),
    lineHeight: str('line-height'),
  };
}
