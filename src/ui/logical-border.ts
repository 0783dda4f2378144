type Side = 'BlockStart' | 'BlockEnd' | 'InlineStart' | 'InlineEnd';
type LineStyle = 'solid' | 'dashed' | 'dotted' | 'double';
type Longhands<S extends Side> = Record<`border${S}Width` | `border${S}Color`, string> &
  Record<`border${S}Style`, LineStyle>;

/**
 * One side of a border in logical terms (inline start is the left in English and the right in Arabic), written
 * as the three longhands, because makeStyles expands no logical border shorthand.
 */
export function logicalBorder<S extends Side>(side: S, width: string, style: LineStyle, color: string): Longhands<S> {
  return {
    [`border${side}Width`]: width,
    [`border${side}Style`]: style,
    [`border${side}Color`]: color,
  } as Longhands<S>;
}
