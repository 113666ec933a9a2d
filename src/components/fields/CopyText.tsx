/**
 * Text with a button that copies it (a list's order codes, a reset password shown once). antd's
 * Typography does the same, but brings its ellipsis, editing and tooltips to every list (about 7 kB
 * gzip on the collection-order list's route); copy-to-clipboard is what it copies with, and works
 * where the Clipboard API does not (a page served over plain HTTP).
 */
import { useEffect, useState, type CSSProperties } from 'react';
import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import copy from 'copy-to-clipboard';
import { theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { THEME } from '../../theme';

const TOKEN = theme.getDesignToken(THEME);
// Hover and keyboard focus: .copy-button in src/styles.css.
const BUTTON: CSSProperties = { marginInlineStart: 4, padding: 0, border: 0, background: 'transparent', color: TOKEN.colorLink, cursor: 'pointer', font: 'inherit' };
const DONE: CSSProperties = { ...BUTTON, color: TOKEN.colorSuccess };
/** Inline code as antd's Typography draws it. */
export const CODE: CSSProperties = { margin: '0 0.2em', padding: '0.2em 0.4em 0.1em', fontSize: '85%', fontFamily: TOKEN.fontFamilyCode, background: 'rgba(150, 150, 150, 0.1)', border: '1px solid rgba(100, 100, 100, 0.2)', borderRadius: 3 };
/** How long the button shows that it copied. */
const DONE_MS = 3000;

/** The button's words: a list works them out once for a column (FieldValue's CellTexts). */
export interface CopyLabels {
  copy: string;
  copied: string;
  /** Where the browser refuses, copy-to-clipboard asks the user to copy by hand, in these words. */
  copyByHand: string;
}

/** The button's words in the interface language. */
export const copyLabels = (t: TFunction): CopyLabels => ({ copy: t('common.copy'), copied: t('common.copied'), copyByHand: t('common.copyByHand') });

interface Props {
  text: string;
  /** Shown as inline code. */
  code?: boolean;
  onCopy?: () => void;
  'data-testid'?: string;
}

export function CopyText(props: Props) {
  const { t } = useTranslation();
  return <LabelledCopyText {...props} labels={copyLabels(t)} />;
}

/** CopyText given its words: no translation hook of its own, for the cells of a list. */
export function LabelledCopyText({ text, code, onCopy, labels, ...rest }: Props & { labels: CopyLabels }) {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => setDone(false), DONE_MS);
    return () => clearTimeout(timer);
  }, [done]);
  const label = done ? labels.copied : labels.copy;
  const onClick = () => {
    copy(text, { message: labels.copyByHand });
    setDone(true);
    onCopy?.();
  };
  return (
    <span {...rest}>
      {code ? <code style={CODE}>{text}</code> : text}
      <button type="button" className="copy-button" title={label} aria-label={label} style={done ? DONE : BUTTON} onClick={onClick}>
        {done ? <CheckOutlined /> : <CopyOutlined />}
      </button>
    </span>
  );
}
