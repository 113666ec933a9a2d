/**
 * antd's Select for use inside a Form.Item. A required item hands its control `aria-required`, which
 * the Select puts on a wrapper with no role, where ARIA does not allow it; the label's mark already
 * says the field is required, so the attribute is dropped here, in one place for every form.
 */
import { Select, type SelectProps } from 'antd';

// Any value and option type, as antd's own Select takes (a yes/no filter's options hold booleans).
export function FormSelect({ 'aria-required': _required, ...props }: SelectProps<any, any> & { 'aria-required'?: unknown }) {
  return <Select {...props} />;
}
