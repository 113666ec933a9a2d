/**
 * The header's counts and dots, drawn as antd's small Badge draws them: a count in a red pill at
 * the top right of what it marks (hidden at zero, "99+" above 99), a red dot, a status dot. antd's
 * Badge would bring its rolling-number animation to every signed-in route (3 kB gzip) for these
 * few. Styles: src/styles.css (`.header-badge`).
 */
import type { CSSProperties, HTMLAttributes, Ref } from 'react';

const OVERFLOW = 99;

/**
 * A wrapper's props and ref reach its span, as antd's Badge passes them on: a Tooltip around it
 * hangs its hover and focus handlers and its ref there.
 */
interface Marks extends HTMLAttributes<HTMLSpanElement> {
  ref?: Ref<HTMLSpanElement>;
  'data-testid'?: string;
}

interface CountMarks extends Marks {
  count: number;
  /** Moves the count left and down from the corner, in px (as antd's `offset`). */
  offset?: [number, number];
}

const shifted = (offset?: [number, number]): CSSProperties | undefined => (offset ? { right: -offset[0], marginTop: offset[1] } : undefined);

/** A count over what it marks, or standing alone without children. */
export function CountBadge({ count, children, offset, className, ...rest }: CountMarks) {
  const text = count > OVERFLOW ? `${OVERFLOW}+` : String(count);
  // One figure: a round 14 px mark; more: a pill (antd's "multiple words").
  const mark = count > 0 && (
    <sup className={text.length > 1 ? 'header-badge-count header-badge-count-wide' : 'header-badge-count'} title={String(count)} style={shifted(offset)}>
      {text}
    </sup>
  );
  const own = children === undefined ? 'header-badge header-badge-alone' : 'header-badge';
  return (
    <span {...rest} className={className ? `${own} ${className}` : own}>
      {children}
      {mark}
    </span>
  );
}

/** A red dot over what it marks, when `shown`. */
export function DotBadge({ shown, children, className, ...rest }: Marks & { shown: boolean }) {
  return (
    <span {...rest} className={className ? `header-badge ${className}` : 'header-badge'}>
      {children}
      {shown && <sup className="header-badge-dot" />}
    </span>
  );
}

export type Status = 'default' | 'processing' | 'success' | 'error' | 'warning';

/** A status light; `processing` pulses (unless the operator asks for less motion). */
export function StatusDot({ status }: { status: Status }) {
  return (
    <span className="header-badge-status-line">
      <span className={`header-badge-status header-badge-status-${status}`} />
    </span>
  );
}
