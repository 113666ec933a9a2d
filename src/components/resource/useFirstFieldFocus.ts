/**
 * A dialog's form takes the focus in its first field once the dialog has opened (antd focuses the
 * dialog box itself), so an operator types at once. Spread `afterOpenChange` on the Modal and pass
 * `formRef` to its Form.
 */
import { useRef } from 'react';
import type { Form, GetRef } from 'antd';

const FOCUSABLE = 'input:not([type=hidden]):not([disabled]), textarea:not([disabled]), button:not([disabled]), [tabindex="0"]';

export function useFirstFieldFocus<Values = unknown>() {
  const formRef = useRef<GetRef<typeof Form<Values>>>(null);
  const afterOpenChange = (open: boolean) => {
    if (open) formRef.current?.nativeElement?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  };
  return { formRef, afterOpenChange };
}
