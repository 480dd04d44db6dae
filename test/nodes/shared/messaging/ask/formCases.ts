import type { IDataObject } from 'n8n-workflow';

import { InputError } from '../../../../../nodes/shared/input';
import type { FormField } from '../../../../../nodes/shared/messaging/ask/form';
import { toFormFields } from '../../../../../nodes/shared/messaging/ask/form';

/** The form module's test cases' helpers: a field, a form from fields or JSON, a refusal read. */

/** What a throw says, the hint included (the node shows the hint as the error's description). */
export function refusal(build: () => unknown): { message: string; hint: string } {
	try {
		build();
	} catch (error) {
		expect(error).toBeInstanceOf(InputError);
		return { message: (error as InputError).message, hint: (error as InputError).hint };
	}
	throw new Error('not refused');
}

export const field = (label: string, more: Partial<FormField> = {}): FormField => ({
	label,
	type: 'text',
	required: false,
	placeholder: '',
	options: [],
	multiselect: false,
	...more,
});

export const fromFields = (...values: IDataObject[]) =>
	toFormFields({ defineForm: 'fields', formFields: { values } });
export const fromJson = (jsonOutput: unknown) => toFormFields({ defineForm: 'json', jsonOutput });
export const optionsOf = (...options: string[]) => ({
	values: options.map((option) => ({ option })),
});

export const XSS = '<img src=x onerror=alert(1)>';
export const XSS_ESCAPED = '&lt;img src=x onerror=alert(1)&gt;';
