/** The whole of a structured value, pretty-printed in a dialog (./JsonValue.tsx): a chunk of its own, loaded on the first open. */
import { Modal, Typography } from 'antd';
import { prettyJson } from './prettyJson';

interface Props {
  value: unknown;
  title: string;
  open: boolean;
  onClose: () => void;
}

export default function JsonDialog({ value, title, open, onClose }: Props) {
  return (
    <Modal open={open} title={title} footer={null} width={720} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph copyable={{ text: prettyJson(value) }} style={{ marginBottom: 0 }}>
        <pre data-testid="json-value" style={{ maxHeight: '60vh', overflow: 'auto', margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {prettyJson(value)}
        </pre>
      </Typography.Paragraph>
    </Modal>
  );
}
