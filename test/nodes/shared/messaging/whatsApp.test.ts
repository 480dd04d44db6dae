import type { IDataObject, IHttpRequestOptions, ILoadOptionsFunctions } from 'n8n-workflow';

import type { TemplateChoice, VariableKey } from '../../../../nodes/shared/messaging/whatsApp';
import {
	accountLabel,
	chosenTemplateVariables,
	findApprovedTemplates,
	languageOf,
	takesText,
	templateItem,
	templateLabel,
	templateValue,
	templateVariableKeys,
	toTemplateChoice,
	variableLabel,
	variableType,
} from '../../../../nodes/shared/messaging/whatsApp';
import { nodeOfType } from '../../../harness/fixtures';

describe('the template picker’s value: a name and its language', () => {
	test.each<[string, unknown, TemplateChoice]>([
		['from the list', 'welcome_message|en', { name: 'welcome_message', language: 'en' }],
		['a regional language', 'order_update|pt_BR', { name: 'order_update', language: 'pt_BR' }],
		[
			'spaces around each part',
			' welcome_message | en ',
			{ name: 'welcome_message', language: 'en' },
		],
		['typed By Name: no language', 'welcome_message', { name: 'welcome_message' }],
		['an empty language', 'welcome_message|', { name: 'welcome_message' }],
		['a language alone', '|en', { name: '', language: 'en' }],
		['nothing', '', { name: '' }],
		['undefined', undefined, { name: '' }],
		['a third part is not read', 'a|en|x', { name: 'a', language: 'en' }],
	])('%s', (_, value, expected) => {
		expect(toTemplateChoice(value)).toEqual(expected);
	});

	test.each<[TemplateChoice, string]>([
		[{ name: 'welcome_message', language: 'en' }, 'welcome_message|en'],
		[{ name: 'welcome_message' }, 'welcome_message'],
		[{ name: 'welcome_message', language: '' }, 'welcome_message'],
	])('templateValue(%j) is %j, and reads back as it was', (choice, expected) => {
		expect(templateValue(choice)).toBe(expected);
		expect(toTemplateChoice(expected)).toEqual(choice.language ? choice : { name: choice.name });
	});
});

describe('labels of the pickers', () => {
	test.each<[string, IDataObject, string]>([
		[
			'an account by its verified name',
			{ verified_name: 'Acme Support', display_phone_number: '+1 234 567 8900', phone_id: '104' },
			'Acme Support (+1 234 567 8900)',
		],
		[
			'an account without one, by its phone ID',
			{ display_phone_number: '+1 234 567 8900', phone_id: '104' },
			'104 (+1 234 567 8900)',
		],
	])('accountLabel: %s', (_, account, expected) => {
		expect(accountLabel(account)).toBe(expected);
	});

	test('a template’s entry: its name and language, the value the picker keeps, its category', () => {
		const template = {
			name: 'welcome_message',
			language: 'en',
			category: 'MARKETING',
			status: 'APPROVED',
		};
		expect(templateLabel(template)).toBe('welcome_message (en)');
		expect(templateItem(template)).toEqual({
			name: 'welcome_message (en)',
			value: 'welcome_message|en',
			description: 'MARKETING',
		});
		expect(templateItem({ name: 'a', language: 'fr' }).description).toBe('');
	});
});

describe('variables: what each type takes, and its label', () => {
	test.each<[unknown, string, boolean]>([
		['TEXT', 'string', true],
		['OTP', 'string', true],
		['IMAGE_URL', 'url', false],
		['VIDEO_URL', 'url', false],
		['DOCUMENT_URL', 'url', false],
		['image_url', 'url', false],
		['LOCATION', 'string', true],
		[undefined, 'string', true],
	])('%j is a field of %s; text may go in it: %s', (type, field, text) => {
		expect(variableType(type).field).toBe(field);
		expect(takesText({ keyName: 'k', type: type as string | undefined })).toBe(text);
	});

	test.each<[string, unknown, string]>([
		['Customer Name', 'TEXT', 'Customer Name'],
		['Customer Name', undefined, 'Customer Name'],
		['Customer Name', 'A_TYPE_NOT_YET_DOCUMENTED', 'Customer Name'],
		['Invoice', 'DOCUMENT_URL', 'Invoice — document URL'],
		['Invoice Document', 'DOCUMENT_URL', 'Invoice Document — URL'],
		['Product Image', 'IMAGE_URL', 'Product Image — URL'],
		['product IMAGE', 'image_url', 'product IMAGE — URL'],
		['Imagery', 'IMAGE_URL', 'Imagery — image URL'],
		['Banner', 'IMAGE_URL', 'Banner — image URL'],
		['Welcome Video', 'VIDEO_URL', 'Welcome Video — URL'],
		['Pin', 'OTP', 'Pin — one-time code'],
		['Login Code', 'OTP', 'Login Code'],
	])('%s of type %j: "%s"', (label, type, expected) => {
		expect(variableLabel(label, type)).toBe(expected);
	});
});

/**
 * The messaging host's WhatsApp reads: an account's templates a page at a time (never more than
 * `pageSize` a page, whatever the limit asked), and a template's variables: both as `data.data`.
 */
function messagingHost(
	templates: IDataObject[],
	{ pageSize = 100, variables = [] as VariableKey[] } = {},
) {
	const urls: string[] = [];
	const httpRequestWithAuthentication = jest.fn(
		async (_credential: string, options: IHttpRequestOptions) => {
			urls.push(`${options.baseURL}${options.url}`);
			const url = new URL(options.url, 'http://host');
			const data = url.pathname.endsWith('/templates')
				? templates.slice(
						Number(url.searchParams.get('offset')),
						Number(url.searchParams.get('offset')) +
							Math.min(pageSize, Number(url.searchParams.get('limit'))),
					)
				: variables;
			return {
				statusCode: 200,
				headers: {},
				body: { success: true, message: 'ok', data: { data } },
			};
		},
	);
	return { urls, httpRequestWithAuthentication };
}

function dropdown(
	templates: IDataObject[],
	{
		pageSize,
		variables,
		parameters = {},
		aiBaseUrl = 'https://msg.example.com',
	}: {
		pageSize?: number;
		variables?: VariableKey[];
		parameters?: IDataObject;
		/** The credential's Messaging Host Base URL. */
		aiBaseUrl?: string;
	} = {},
) {
	const host = messagingHost(templates, { pageSize, variables });
	const context = {
		getNode: () => nodeOfType('workspaceWhatsApp'),
		getNodeParameter: (name: string, fallback: unknown) => parameters[name] ?? fallback,
		getCredentials: async () => ({
			apiKey: 'k',
			baseUrl: 'https://api.example.com',
			aiBaseUrl,
		}),
		helpers: { httpRequestWithAuthentication: host.httpRequestWithAuthentication },
	};
	return { context: context as unknown as ILoadOptionsFunctions, urls: host.urls };
}

const template = (name: string, language = 'en', status = 'APPROVED') => ({
	name,
	language,
	status,
});

describe('findApprovedTemplates: a page at a time, until a page comes back empty', () => {
	const TEMPLATES = [
		template('welcome', 'en'),
		template('welcome', 'fr'),
		template('draft', 'en', 'PENDING'),
		template('order_update', 'en'),
		template('rejected', 'en', 'REJECTED'),
		template('reminder', 'de'),
	];
	const names = (found: IDataObject[]) =>
		found.map((t) => `${String(t.name)}|${String(t.language)}`);

	test.each<
		[
			string,
			number,
			Parameters<typeof findApprovedTemplates>[3],
			(t: IDataObject) => boolean,
			string[],
			number | undefined,
			number,
		]
	>([
		// [case, page size served, options, keep, found, next, pages asked]
		[
			'all approved ones, in one page and the empty one after',
			100,
			{},
			() => true,
			['welcome|en', 'welcome|fr', 'order_update|en', 'reminder|de'],
			undefined,
			2,
		],
		[
			'short pages are not the end: only an empty one is',
			2,
			{},
			() => true,
			['welcome|en', 'welcome|fr', 'order_update|en', 'reminder|de'],
			undefined,
			4,
		],
		['those kept', 2, {}, (t) => t.name === 'welcome', ['welcome|en', 'welcome|fr'], undefined, 4],
		[
			'enough found: where to go on from',
			2,
			{ enough: 2 },
			() => true,
			['welcome|en', 'welcome|fr'],
			2,
			1,
		],
		[
			'the pages of one look read: where to go on from',
			2,
			{ pages: 2 },
			() => true,
			['welcome|en', 'welcome|fr', 'order_update|en'],
			4,
			2,
		],
		[
			'from an offset',
			2,
			{ offset: 3 },
			() => true,
			['order_update|en', 'reminder|de'],
			undefined,
			3,
		],
		['none kept', 100, {}, () => false, [], undefined, 2],
	])('%s', async (_, pageSize, options, keep, found, next, pages) => {
		const { context, urls } = dropdown(TEMPLATES, { pageSize });
		const result = await findApprovedTemplates(context, '104', keep, options);
		expect(names(result.found)).toEqual(found);
		expect(result.next).toBe(next);
		expect(urls).toHaveLength(pages);
	});

	test('asks the messaging host, the account as one path segment, a hundred at a time', async () => {
		const { context, urls } = dropdown([template('welcome')]);
		await findApprovedTemplates(context, '10/4', () => true);
		expect(urls).toEqual([
			'{aiBaseUrl}/api/data/whatsapp/v1/10%2F4/templates?limit=100&offset=0',
			'{aiBaseUrl}/api/data/whatsapp/v1/10%2F4/templates?limit=100&offset=1',
		]);
	});

	test('no account: said before asking', async () => {
		const { context, urls } = dropdown([]);
		await expect(findApprovedTemplates(context, ' ', () => true)).rejects.toThrow(
			expect.objectContaining({ message: 'Account: no ID given' }),
		);
		expect(urls).toEqual([]);
	});
});

describe('languageOf: the language of a template chosen By Name', () => {
	test.each<[string, IDataObject[], string]>([
		['its only approved version', [template('welcome', 'en'), template('other', 'fr')], 'en'],
		[
			'one approved among others not approved',
			[template('welcome', 'fr', 'PENDING'), template('welcome', 'de')],
			'de',
		],
		['the same language twice', [template('welcome', 'en'), template('welcome', 'en')], 'en'],
	])('%s', async (_, templates, expected) => {
		await expect(languageOf(dropdown(templates).context, '104', 'welcome')).resolves.toBe(expected);
	});

	test.each<[string, IDataObject[], string, string]>([
		[
			'several languages',
			[template('welcome', 'en'), template('welcome', 'fr')],
			'Template: "welcome" has several languages (en, fr)',
			'Choose the template from the list, or set its language under Additional Fields → Language.',
		],
		[
			'none approved',
			[template('welcome', 'en', 'PENDING')],
			'Template: the account has no approved template "welcome"',
			"Choose the template from the list: it shows the account's approved templates.",
		],
		[
			'none of that name',
			[template('Welcome', 'en')],
			'Template: the account has no approved template "welcome"',
			"Choose the template from the list: it shows the account's approved templates.",
		],
	])('refused: %s', async (_, templates, message, description) => {
		await expect(languageOf(dropdown(templates).context, '104', 'welcome')).rejects.toThrow(
			expect.objectContaining({ message, description }),
		);
	});
});

describe('templateVariableKeys: the variables of the chosen template, in its language', () => {
	const KEYS: VariableKey[] = [{ keyName: 'customer_name', label: 'Customer Name', type: 'TEXT' }];

	test.each<[string, string, string, string | undefined, IDataObject[], string[]]>([
		// [case, account, picker's value, Language field, templates, requests]
		['nothing before an account is chosen', '', 'welcome|en', '', [], []],
		['nothing before a template is chosen', '104', '', '', [], []],
		[
			'the language the picker kept',
			'104',
			'welcome|en',
			'',
			[],
			['/104/variable-keys?template_name=welcome&language=en'],
		],
		[
			'the Language field over it',
			'104',
			'welcome|en',
			' fr ',
			[],
			['/104/variable-keys?template_name=welcome&language=fr'],
		],
		[
			'the Language field not given',
			'104',
			'welcome|en',
			undefined,
			[],
			['/104/variable-keys?template_name=welcome&language=en'],
		],
		[
			'By Name: that of its only approved version, looked up first',
			'104',
			'welcome',
			'',
			[template('welcome', 'pt_BR')],
			[
				'/104/templates?limit=100&offset=0',
				'/104/templates?limit=100&offset=1',
				'/104/variable-keys?template_name=welcome&language=pt_BR',
			],
		],
		[
			'a name and language encoded',
			'104',
			'a&b|en US',
			'',
			[],
			['/104/variable-keys?template_name=a%26b&language=en%20US'],
		],
	])('%s', async (_, phoneId, chosen, language, templates, requests) => {
		const { context, urls } = dropdown(templates, { variables: KEYS });
		const keys = await templateVariableKeys(context, phoneId, chosen, language);
		expect(urls).toEqual(requests.map((path) => `{aiBaseUrl}/api/data/whatsapp/v1${path}`));
		expect(keys).toEqual(requests.length ? KEYS : []);
	});

	test('chosenTemplateVariables reads the node’s Account, Template and Language', async () => {
		const { context, urls } = dropdown([], {
			variables: KEYS,
			parameters: { phoneId: '104', template: 'welcome|en', 'additionalFields.language': 'es' },
		});
		await expect(chosenTemplateVariables(context)).resolves.toEqual(KEYS);
		expect(urls).toEqual([
			'{aiBaseUrl}/api/data/whatsapp/v1/104/variable-keys?template_name=welcome&language=es',
		]);
	});

	test('chosenTemplateVariables: without a Messaging Host Base URL, said before asking', async () => {
		const { context, urls } = dropdown([], {
			parameters: { phoneId: '104', template: 'welcome|en' },
			aiBaseUrl: ' ',
		});
		await expect(chosenTemplateVariables(context)).rejects.toThrow(
			expect.objectContaining({
				message: 'The credential has no Messaging Host Base URL',
				description:
					'Open the Workspace Records API credential and fill in Messaging Host Base URL: the address of the host that sends SMS, WhatsApp and email.',
			}),
		);
		expect(urls).toEqual([]);
	});
});
