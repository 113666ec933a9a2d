/**
 * A structured value (callback parameters, a response body) in a list cell: one short line, and
 * the whole value pretty-printed in a dialog (./JsonDialog.tsx). Text that holds JSON is printed as
 * JSON; other text as it is.
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { CODE } from './CopyText';

const JsonDialog = lazy(() => import('./JsonDialog'));
const PREVIEW = 48;

export function JsonValue({ value, title }: { value: unknown; title: string }) {
  const { t } = useTranslation();
  // Mounted on the first open, then kept for its closing animation.
  const [open, setOpen] = useState<boolean | null>(null);
  const line = typeof value === 'string' ? value : JSON.stringify(value);
  const short = line.length > PREVIEW ? `${line.slice(0, PREVIEW)}…` : line;
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      <code style={CODE}>{short}</code>
      <Button size="small" type="link" onClick={() => setOpen(true)}>
        {t('buttons.show')}
      </Button>
      {open !== null && (
        <Suspense fallback={null}>
          <JsonDialog value={value} title={title} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </span>
  );
}
