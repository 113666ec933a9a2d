/**
 * The script code editor (CodeMirror with JavaScript/TypeScript highlighting). Loaded lazily by
 * the script screen, so CodeMirror stays out of the login route and the shell.
 */
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { javascript } from '@codemirror/lang-javascript';
import { useMemo } from 'react';

interface Props {
  value: string;
  onChange?: (value: string) => void;
  readOnly: boolean;
  language: string;
  /** Accessible name of the editable area. */
  label: string;
}

export default function CodeEditor({ value, onChange, readOnly, language, label }: Props) {
  const extensions = useMemo(() => [javascript({ typescript: language === 'typescript' }), EditorView.lineWrapping, EditorView.contentAttributes.of({ 'aria-label': label })], [language, label]);
  return (
    <div data-testid="script-editor" style={{ border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden' }}>
      <CodeMirror value={value} onChange={onChange} readOnly={readOnly} editable={!readOnly} extensions={extensions} minHeight="240px" maxHeight="560px" basicSetup={{ lineNumbers: true, foldGutter: false }} />
    </div>
  );
}
