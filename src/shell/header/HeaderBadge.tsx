/**
 * The header's counts and dots, drawn as antd's small Badge draws them: a count in a red pill at
 * the top right of what it marks (hidden at zero, "99+" above 99), a red dot, a status dot. antd's
 * Badge would bring its rolling-number animation to every signed-in route (3 kB gzip) for these
 * few. Styles: src/styles.css (`.header-badge`).
 */
import type { CSSProperties, ReactNode } from 'react';

const OVERFLOW = 99;

interface Marks {
  children?: ReactNode;
  'data-testid'?: string;
  /** Moves the mark left and down from the corner, in px (as antd's `offset`). */
  offset?: [number, number];
}

const shifted = (offset?: [number, number]): CSSProperties | undefined => (offset ? { right: -offset[0], marginTop: offset[1] } : undefined);

/** A count over what it marks, or standing alone without children. */
export function CountBadge({ count, children, offset, 'data-testid': testId }: Marks & { count: number }) {
  const text = count > OVERFLOW ? `${OVERFLOW}+` : String(count);
  const mark = count > 0 && (
    <sup className="header-badge-count" title={String(count)} style={shifted(offset)}>
      {text}
    </sup>
  );
  return (
    <span className={children === undefined ? 'header-badge header-badge-alone' : 'header-badge'} data-testid={testId}>
      {children}
      {mark}
    </span>
  );
}

/** A red dot over what it marks, when `shown`. */
export function DotBadge({ shown, children, 'data-testid': testId }: Marks & { shown: boolean }) {
  return (
    <span className="header-badge" data-testid={testId}>
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
