/**
 * What every form does with a refused submit: the first error comes into view (centred) and gets
 * the focus, so a mistake above the fold or further down a dialog never looks like a button that
 * did nothing. Forms submitted by antd get it from ConfigProvider (App.tsx, Root.tsx); a dialog
 * that validates by hand on OK uses validatedValues.
 */
import type { FormInstance } from 'antd';

export const FORMS = { scrollToFirstError: { block: 'center', focus: true } } as const;

/** The form's values, or null after bringing its first error into view as a refused submit does. */
export async function validatedValues<T>(form: FormInstance<T>): Promise<T | null> {
  try {
    return await form.validateFields();
  } catch (error) {
    const first = (error as { errorFields?: { name: (string | number)[] }[] }).errorFields?.[0];
    if (first) form.scrollToField(first.name, FORMS.scrollToFirstError);
    return null;
  }
}
