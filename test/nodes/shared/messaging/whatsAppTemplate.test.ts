import type { ResourceMapperField } from 'n8n-workflow';

import type {
	MapperInput,
	WhatsAppTemplateInput,
} from '../../../../nodes/shared/messaging/whatsAppTemplate';
import {
	buildWhatsAppTemplateBody,
	templateVariables,
} from '../../../../nodes/shared/messaging/whatsAppTemplate';

const refusal = (message: string, hint: string) => expect.objectContaining({ message, hint });

/** A variable as the mapper's schema holds it (resourceMapping.ts): its key, label and field type. */
const field = (
	id: string,
	displayName: string,
	type: ResourceMapperField['type'] = 'string',
	removed = false,
): ResourceMapperField => ({
	id,
	displayName,
	type,
	required: true,
	defaultMatch: false,
	display: true,
	...(removed ? { removed } : {}),
});

const NAME = field('customer_name', 'Customer Name');
const IMAGE = field('product_image', 'Product Image — URL', 'url');
const mapper = (value: Record<string, unknown>, schema = [NAME, IMAGE]): MapperInput => ({
	value: value as MapperInput['value'],
	schema,
});

describe('templateVariables: every variable filled in, media ones a public address', () => {
	test.each<[string, MapperInput | undefined, object]>([
		['no mapper', undefined, {}],
		['a template without variables', { value: null, schema: [] }, {}],
		[
			'text as it is, an address trimmed',
			mapper({ customer_name: ' Ada ', product_image: ' https://cdn.example.com/a.jpg ' }),
			{ customer_name: ' Ada ', product_image: 'https://cdn.example.com/a.jpg' },
		],
		[
			'a number and a date from expressions, as text',
			mapper({ customer_name: 42, code: new Date(0) }, [NAME, field('code', 'Code')]),
			{ customer_name: '42', code: '1970-01-01T00:00:00.000Z' },
		],
		[
			'a field removed from the mapper is not asked for',
			mapper({ customer_name: 'Ada' }, [
				NAME,
				field('product_image', 'Product Image', 'url', true),
			]),
			{ customer_name: 'Ada' },
		],
		[
			'a value without a field (a workflow saved elsewhere) goes as it is',
			mapper({
				customer_name: 'Ada',
				product_image: 'https://cdn.example.com/a.jpg',
				coupon: 'SAVE10',
			}),
			{ customer_name: 'Ada', product_image: 'https://cdn.example.com/a.jpg', coupon: 'SAVE10' },
		],
		[
			'a value without a field, empty, is left out',
			mapper({
				customer_name: 'Ada',
				product_image: 'https://cdn.example.com/a.jpg',
				coupon: '  ',
			}),
			{ customer_name: 'Ada', product_image: 'https://cdn.example.com/a.jpg' },
		],
		[
			'a key such as __proto__ is the variable’s own',
			mapper(JSON.parse('{"__proto__": "x"}') as Record<string, unknown>, [
				field('__proto__', 'Proto'),
			]),
			JSON.parse('{"__proto__": "x"}') as object,
		],
	])('%s', (_, input, expected) => {
		const variables = templateVariables(input);
		expect(variables).toEqual(expected);
		expect(Object.getPrototypeOf(variables)).toBe(Object.prototype);
	});

	test.each<[string, MapperInput, string, string]>([
		[
			'an empty text variable, named by its label',
			mapper({ customer_name: '', product_image: 'https://cdn.example.com/a.jpg' }),
			'Variables: "Customer Name" is empty',
			'Fill in every variable of the template: WhatsApp sends a template only with all of them.',
		],
		[
			'a missing media variable, named without what it takes',
			mapper({ customer_name: 'Ada' }),
			'Variables: "Product Image" is empty',
			'Fill in every variable of the template: WhatsApp sends a template only with all of them.',
		],
		[
			'spaces alone',
			mapper({ customer_name: '   ', product_image: 'https://cdn.example.com/a.jpg' }),
			'Variables: "Customer Name" is empty',
			'Fill in every variable of the template: WhatsApp sends a template only with all of them.',
		],
		[
			'a media variable that is no address',
			mapper({ customer_name: 'Ada', product_image: 'photo.jpg' }),
			'Variables (Product Image): "photo.jpg" is not an http or https address',
			'Give a full public address, such as https://example.com/file.pdf.',
		],
		[
			'an object from an expression',
			mapper({ customer_name: { first: 'Ada' }, product_image: 'https://cdn.example.com/a.jpg' }),
			'Variables (Customer Name): got an object, expected text — check the expression',
			'Give the one value to send, such as {{ $json.id }}, not a whole object.',
		],
		[
			'an object without a field',
			mapper({
				customer_name: 'Ada',
				product_image: 'https://cdn.example.com/a.jpg',
				extra: ['a'],
			}),
			'Variables (extra): got an array, expected text — check the expression',
			'Give the one value to send, such as {{ $json.id }}, not a whole array.',
		],
	])('refused: %s', (_, input, message, hint) => {
		expect(() => templateVariables(input)).toThrow(refusal(message, hint));
	});
});

describe('buildWhatsAppTemplateBody: the template send body', () => {
	const base: WhatsAppTemplateInput = {
		phoneId: '104898309288724',
		template: 'welcome_message|en',
		recipient: '+91 98765 43210',
	};

	test.each<[string, Partial<WhatsAppTemplateInput>, object]>([
		[
			'a template from the list, in its language',
			{},
			{
				recipient: '919876543210',
				phone_id: '104898309288724',
				template_name: 'welcome_message',
				language: 'en',
			},
		],
		[
			'a language set beside it wins',
			{ additionalFields: { language: ' fr ' } },
			{
				recipient: '919876543210',
				phone_id: '104898309288724',
				template_name: 'welcome_message',
				language: 'fr',
			},
		],
		[
			'a name typed By Name, with no language anywhere: the host decides',
			{ template: 'welcome_message' },
			{ recipient: '919876543210', phone_id: '104898309288724', template_name: 'welcome_message' },
		],
		[
			'the account picked, by expression, trimmed',
			{ phoneId: { id: ' 104898309288724 ', mode: 'id', byExpression: true } },
			{
				recipient: '919876543210',
				phone_id: '104898309288724',
				template_name: 'welcome_message',
				language: 'en',
			},
		],
		[
			'variables, and a postback',
			{
				variables: mapper({ customer_name: 'Ada', product_image: 'https://cdn.example.com/a.jpg' }),
				additionalFields: { postBackUrl: 'https://hooks.example.com/wa', postBackData: 'order-7' },
			},
			{
				recipient: '919876543210',
				phone_id: '104898309288724',
				template_name: 'welcome_message',
				language: 'en',
				variables: { customer_name: 'Ada', product_image: 'https://cdn.example.com/a.jpg' },
				post_back_url: 'https://hooks.example.com/wa',
				post_back_data: 'order-7',
			},
		],
	])('%s', (_, input, expected) => {
		expect(buildWhatsAppTemplateBody({ ...base, ...input })).toEqual(expected);
	});

	test.each<[string, Partial<WhatsAppTemplateInput>, string, string]>([
		[
			'no account chosen',
			{ phoneId: '' },
			'Account: none chosen',
			'Choose the WhatsApp account from the list.',
		],
		[
			'no phone ID entered',
			{ phoneId: { id: '', mode: 'id', byExpression: false } },
			'Account: no phone ID entered',
			'Enter the phone ID under By Phone ID, or choose the account from the list.',
		],
		[
			'an expression that gave no phone ID (a delivery status)',
			{ phoneId: { id: ' ', mode: 'id', byExpression: true } },
			'Account: the expression gave no phone ID',
			'The expression under By Phone ID gives nothing for this item. An incoming message from the Workspace WhatsApp Trigger has phoneId, a delivery status has none: route statuses elsewhere (an If node on event), or choose the account from the list.',
		],
		[
			'no template chosen',
			{ template: '' },
			'Template: none chosen',
			"Choose the template from the list: it shows the account's approved templates.",
		],
		[
			'a language alone',
			{ template: '|en' },
			'Template: none chosen',
			"Choose the template from the list: it shows the account's approved templates.",
		],
		[
			'a language that is an object',
			{ additionalFields: { language: { code: 'en' } } },
			'Language: got an object, expected text — check the expression',
			'Give the one value to send, such as {{ $json.id }}, not a whole object.',
		],
		[
			'an empty variable',
			{ variables: mapper({ product_image: 'https://cdn.example.com/a.jpg' }) },
			'Variables: "Customer Name" is empty',
			'Fill in every variable of the template: WhatsApp sends a template only with all of them.',
		],
		[
			'no recipient',
			{ recipient: '' },
			'Recipient: "" is not a phone number',
			'Give the country code and number, such as 919876543210 or +91 98765 43210.',
		],
		[
			'a postback address that is none',
			{ additionalFields: { postBackUrl: 'hooks.example.com' } },
			'Postback URL: "hooks.example.com" is not an http or https address',
			'Give a full public address, such as https://example.com/file.pdf.',
		],
	])('refused: %s', (_, input, message, hint) => {
		expect(() => buildWhatsAppTemplateBody({ ...base, ...input })).toThrow(refusal(message, hint));
	});
});
