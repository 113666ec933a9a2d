/**
 * Long text in a table cell: one line, cut with an ellipsis, and the whole text in a tooltip when it
 * was cut. The tooltip is mounted on the first hover only, so a 500-row page pays nothing for it.
 */
import { Tooltip } from 'antd';
import { useState } from 'react';

/** Wide enough for a name, an IFSC or a bank; remarks, URLs and user agents get cut. */
const MAX_WIDTH = 280;

export function EllipsisText({ text }: { text: string }) {
  // null until first hovered; then whether the tooltip is showing.
  const [open, setOpen] = useState<boolean | null>(null);
  const span = (
    <span
      className="cell-ellipsis"
      style={{ maxWidth: MAX_WIDTH }}
      onMouseEnter={(e) => setOpen(e.currentTarget.scrollWidth > e.currentTarget.clientWidth)}
      onMouseLeave={() => setOpen(false)}
    >
      {text}
    </span>
  );
  if (open === null) return span;
  return (
    <Tooltip title={text} open={open} placement="topLeft">
      {span}
    </Tooltip>
  );
}
