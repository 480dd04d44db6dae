import type { INodeParameters, ResourceMapperField } from 'n8n-workflow';

import { WorkspaceWhatsApp } from '../../../nodes/WorkspaceWhatsApp/WorkspaceWhatsApp.node';
import { listSearch, resourceMapping } from '../../../nodes/shared/methods';
import {
	byId,
	fromList,
	mapperValue,
	recordsAuthHeaders,
	WHATSAPP_ACCOUNT,
} from '../../harness/fixtures';
import { loadOptionsContext } from '../../harness/loadOptions';
import { runNode } from '../../harness/runNode';
import { useSandbox } from '../../harness/sandbox';

const env = useSandbox();

const WELCOME_FIELDS: ResourceMapperField[] = [
	{
		id: 'customer_name',
		displayName: 'Customer Name',
		required: true,
		defaultMatch: false,
		canBeUsedToMatch: false,
		display: true,
		type: 'string',
	},
	{
		id: 'product_image',
		displayName: 'Product Image — URL',
		required: true,
		defaultMatch: false,
		canBeUsedToMatch: false,
		display: true,
		type: 'url',
	},
];

const welcome = (values: object) =>
	mapperValue('defineBelow', values, [], WELCOME_FIELDS) as unknown as INodeParameters;

const send = (parameters: object, credentials = env.credentials) =>
	runNode({
		nodeType: new WorkspaceWhatsApp(),
		parameters: {
			resource: 'message',
			operation: 'sendTemplate',
			phoneId: fromList(WHATSAPP_ACCOUNT, 'Acme Support (+1 234 567 8900)'),
			template: fromList('welcome_message|en', 'welcome_message (en)'),
			recipient: '+91 98765 43210',
			variables: welcome({
				customer_name: 'Ada',
				product_image: 'https://example.com/shoe.png',
			}),
			...parameters,
		},
		credentials,
	});

const editing = (parameters: object, credentials: object = env.credentials) =>
	loadOptionsContext(
		new WorkspaceWhatsApp(),
		{ resource: 'message', operation: 'sendTemplate', ...parameters },
		credentials as typeof env.credentials,
	);

describe('Send Template', () => {
	test('sends the template chosen from the list, in its language, with the variables by key', async () => {
		const { items } = await send({
			additionalFields: { postBackUrl: 'https://example.com/status', postBackData: 'lead-7' },
		});
		expect(env.sandbox.requests).toHaveLength(1);
		const [request] = env.sandbox.requests;
		expect(request).toMatchObject({
			method: 'POST',
			path: '/api/ingest/whatsapp/v1/template/send',
			headers: recordsAuthHeaders,
		});
		expect(request.body).toEqual({
			recipient: '919876543210',
			phone_id: WHATSAPP_ACCOUNT,
			template_name: 'welcome_message',
			language: 'en',
			variables: { customer_name: 'Ada', product_image: 'https://example.com/shoe.png' },
			post_back_url: 'https://example.com/status',
			post_back_data: 'lead-7',
		});
		expect(items.map((i) => i.json)).toEqual([
			{
				success: true,
				message: 'WhatsApp request queued successfully',
				request_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
			},
		]);
	});

	test('a template typed By Name goes without a language unless Language gives one', async () => {
		await send({ template: { __rl: true, mode: 'name', value: 'welcome_message' } });
		expect(env.sandbox.requests[0].body).not.toHaveProperty('language');
		await send({
			template: { __rl: true, mode: 'name', value: 'welcome_message' },
			additionalFields: { language: 'es' },
		});
		expect(env.sandbox.requests[1].body?.language).toBe('es');
	});

	test('a variable whose expression comes out empty is refused by its label before sending', async () => {
		// Left empty in the editor, n8n itself stops the workflow: the field is required.
		const { error } = await send({
			variables: welcome({
				customer_name: '={{ $json.name }}',
				product_image: 'https://example.com/shoe.png',
			}),
		});
		expect(error?.message).toBe('Variables: "Customer Name" is empty');
		expect(error?.description).toMatch(/Fill in every variable/);
		expect(env.sandbox.requests).toHaveLength(0);
	});

	test('a media variable that is not a web address is refused before sending', async () => {
		const { error } = await send({
			variables: welcome({ customer_name: 'Ada', product_image: 'shoe.png' }),
		});
		expect(error?.message).toBe(
			'Variables (Product Image): "shoe.png" is not an http or https address',
		);
		expect(env.sandbox.requests).toHaveLength(0);
	});

	test("a template the account has not approved gets the host's reason and a hint", async () => {
		const { error } = await send({
			template: fromList('summer_sale|en'),
			variables: mapperValue('defineBelow', { discount: '10%' }),
		});
		expect(error?.message).toBe('Template summer_sale is pending, not approved');
		expect(error?.description).toMatch(/^Check Recipient .* the Account, and the Template/);
	});

	test('the send is a write: a 502 after the host queued it is not sent again', async () => {
		env.sandbox.addFault({ kind: 'server-error', afterHandling: true, statusCode: 502 });
		const { error } = await send({});
		expect(error).toBeDefined();
		expect(env.sandbox.requests).toHaveLength(1);
	});

	test('without a Messaging Host Base URL nothing is sent', async () => {
		const { error } = await send(
			{},
			{
				...env.credentials,
				workspaceRecordsApi: { ...env.credentials.workspaceRecordsApi, aiBaseUrl: '' },
			},
		);
		expect(error?.message).toBe('The credential has no Messaging Host Base URL');
		expect(env.sandbox.requests).toHaveLength(0);
	});
});

describe('pickers', () => {
	test('accounts by verified name and number, valued by phone id, searchable', async () => {
		const { results } = await listSearch.searchWhatsAppAccounts.call(editing({}));
		expect(results).toEqual([
			{ name: 'Acme Support (+1 234 567 8900)', value: '104898309288724' },
			{ name: 'Acme Sales UK (+44 20 7946 0958)', value: '104898309288725' },
		]);
		expect(env.sandbox.requests[0]).toMatchObject({
			method: 'GET',
			path: '/api/data/whatsapp/v1/accounts',
			headers: recordsAuthHeaders,
		});
		const found = await listSearch.searchWhatsAppAccounts.call(editing({}), '+44');
		expect(found.results.map((r) => r.value)).toEqual(['104898309288725']);
	});

	test('templates: "Choose an Account first" (and no request) before an account is chosen', async () => {
		const { results } = await listSearch.searchWhatsAppTemplates.call(editing({}));
		expect(results).toEqual([{ name: 'Choose an Account first', value: '' }]);
		expect(env.sandbox.requests).toHaveLength(0);
	});

	test("templates: the account's approved ones, each language its own entry, searchable", async () => {
		const context = editing({ phoneId: byId(WHATSAPP_ACCOUNT) });
		const { results, paginationToken } = await listSearch.searchWhatsAppTemplates.call(context);
		expect(paginationToken).toBeUndefined();
		expect(results.slice(0, 5)).toEqual([
			{ name: 'welcome_message (en)', value: 'welcome_message|en', description: 'UTILITY' },
			{ name: 'welcome_message (es)', value: 'welcome_message|es', description: 'UTILITY' },
			{ name: 'order_update (en_US)', value: 'order_update|en_US', description: 'UTILITY' },
			{ name: 'login_code (en)', value: 'login_code|en', description: 'AUTHENTICATION' },
			{ name: 'product_video (en)', value: 'product_video|en', description: 'MARKETING' },
		]);
		expect(results.map((r) => r.value)).not.toContain('summer_sale|en');
		expect(results.map((r) => r.value)).not.toContain('old_promo|en');
		expect(results).toHaveLength(17);
		// The host pages by 10 whatever is asked: read on until it answers a page with none.
		expect(env.sandbox.requests.map((r) => [r.path, r.query])).toEqual([
			[`/api/data/whatsapp/v1/${WHATSAPP_ACCOUNT}/templates`, { limit: '100', offset: '0' }],
			[`/api/data/whatsapp/v1/${WHATSAPP_ACCOUNT}/templates`, { limit: '100', offset: '10' }],
			[`/api/data/whatsapp/v1/${WHATSAPP_ACCOUNT}/templates`, { limit: '100', offset: '19' }],
		]);
		const found = await listSearch.searchWhatsAppTemplates.call(context, 'welcome');
		expect(found.results.map((r) => r.name)).toEqual([
			'welcome_message (en)',
			'welcome_message (es)',
		]);
	});

	const addBulkTemplates = (count: number) => {
		const [account] = env.sandbox.state.whatsAppAccounts;
		for (let i = 0; i < count; i++) {
			account.templates.push({
				name: `bulk_${i}`,
				language: 'en',
				category: 'MARKETING',
				status: i % 2 ? 'APPROVED' : 'PENDING',
				components: [],
				variables: [],
			});
		}
	};
	const offsetsAsked = () =>
		env.sandbox.requests.map((r) => Number((r.query as { offset: string }).offset));

	test('templates: an account of many pages of 10 is read ten pages a look, then on scrolling', async () => {
		// 19 seed templates and 500 "bulk" ones, every other one approved: 52 pages of 10.
		addBulkTemplates(500);
		const context = editing({ phoneId: byId(WHATSAPP_ACCOUNT) });
		const look = async (token?: string) =>
			await listSearch.searchWhatsAppTemplates.call(context, 'bulk', token);
		const looks = [await look()];
		while (looks.at(-1)!.paginationToken) looks.push(await look(looks.at(-1)!.paginationToken));
		// Offsets 0 to 99 hold bulk_0 to bulk_80: 40 approved.
		expect([looks[0].results.length, looks[0].paginationToken]).toEqual([40, '100']);
		expect(looks.map((l) => l.paginationToken)).toEqual([
			'100',
			'200',
			'300',
			'400',
			'500',
			undefined,
		]);
		const values = looks.flatMap((l) => l.results.map((r) => r.value));
		expect(values).toHaveLength(250);
		expect(new Set(values).size).toBe(250);
		expect(values).toContain('bulk_499|en');
		// Every page once, then the empty page that ends it.
		expect(offsetsAsked()).toEqual([...Array.from({ length: 52 }, (_, i) => i * 10), 519]);
	});

	test('templates: a host that holds 100 a page is read the same way, to its empty page', async () => {
		addBulkTemplates(500);
		env.sandbox.config.templatePageCap = 100;
		try {
			const context = editing({ phoneId: byId(WHATSAPP_ACCOUNT) });
			const look = async (token?: string) =>
				await listSearch.searchWhatsAppTemplates.call(context, 'bulk', token);
			const looks = [await look()];
			while (looks.at(-1)!.paginationToken) looks.push(await look(looks.at(-1)!.paginationToken));
			// 100 a page: the first three pages hold 40 + 50 + 50 approved "bulk" templates.
			expect(looks.map((l) => [l.results.length, l.paginationToken])).toEqual([
				[140, '300'],
				[100, '500'],
				[10, undefined],
			]);
			expect(offsetsAsked()).toEqual([0, 100, 200, 300, 400, 500, 519]);
		} finally {
			env.sandbox.config.templatePageCap = 10;
		}
	});

	test('a template typed By Name is looked for on every page, beyond the first look', async () => {
		addBulkTemplates(500);
		// The last page (offsets 510 to 518) holds bulk_491 to bulk_499.
		const fields = await resourceMapping.getWhatsAppTemplateVariables.call(
			editing({
				phoneId: byId(WHATSAPP_ACCOUNT),
				template: { __rl: true, mode: 'name', value: 'bulk_499' },
			}),
		);
		expect(fields.fields).toEqual([]);
		expect(env.sandbox.requests.at(-1)?.path).toBe(
			`/api/data/whatsapp/v1/${WHATSAPP_ACCOUNT}/variable-keys`,
		);
		expect(env.sandbox.requests.at(-1)?.query).toEqual({
			template_name: 'bulk_499',
			language: 'en',
		});
	});

	test('a picker without a Messaging Host Base URL says what to fill in', async () => {
		const credentials = {
			...env.credentials,
			workspaceRecordsApi: { ...env.credentials.workspaceRecordsApi, aiBaseUrl: ' ' },
		};
		await expect(listSearch.searchWhatsAppAccounts.call(editing({}, credentials))).rejects.toThrow(
			'The credential has no Messaging Host Base URL',
		);
	});
});

describe('the variables as fields', () => {
	const fieldsFor = async (parameters: object) =>
		(await resourceMapping.getWhatsAppTemplateVariables.call(editing(parameters))).fields;

	test('nothing, and no request, before an account and a template are chosen', async () => {
		expect(await fieldsFor({})).toEqual([]);
		expect(await fieldsFor({ phoneId: byId(WHATSAPP_ACCOUNT) })).toEqual([]);
		expect(env.sandbox.requests).toHaveLength(0);
	});

	test('one field per variable, labelled and typed from the variable keys', async () => {
		const fields = await fieldsFor({
			phoneId: byId(WHATSAPP_ACCOUNT),
			template: fromList('welcome_message|en'),
		});
		expect(fields).toEqual(WELCOME_FIELDS);
		expect(env.sandbox.requests.map((r) => [r.path, r.query])).toEqual([
			[
				`/api/data/whatsapp/v1/${WHATSAPP_ACCOUNT}/variable-keys`,
				{ template_name: 'welcome_message', language: 'en' },
			],
		]);
		const types = async (template: string) =>
			(await fieldsFor({ phoneId: byId(WHATSAPP_ACCOUNT), template: fromList(template) })).map(
				(f) => [f.displayName, f.type],
			);
		// What a value takes, said once and short (n8n cuts a label at about 170 px): text is not
		// said, nor a kind the label names already.
		expect(await types('order_update|en_US')).toEqual([
			['Order Number', 'string'],
			['Invoice — document URL', 'url'],
		]);
		expect(await types('login_code|en')).toEqual([['OTP Code', 'string']]);
		expect(await types('product_video|en')).toEqual([['Header Video — URL', 'url']]);
		expect(await types('reminder_01|en')).toEqual([]);
	});

	test('a template typed By Name takes the language of its only approved version', async () => {
		const fields = await fieldsFor({
			phoneId: byId(WHATSAPP_ACCOUNT),
			template: { __rl: true, mode: 'name', value: 'order_update' },
		});
		expect(fields.map((f) => f.id)).toEqual(['order_id', 'invoice']);
	});

	test('a template typed By Name in several languages asks for the language', async () => {
		await expect(
			fieldsFor({
				phoneId: byId(WHATSAPP_ACCOUNT),
				template: { __rl: true, mode: 'name', value: 'welcome_message' },
			}),
		).rejects.toThrow('Template: "welcome_message" has several languages (en, es)');
		const fields = await fieldsFor({
			phoneId: byId(WHATSAPP_ACCOUNT),
			template: { __rl: true, mode: 'name', value: 'welcome_message' },
			additionalFields: { language: 'es' },
		});
		expect(fields.map((f) => f.id)).toEqual(['customer_name', 'product_image']);
	});
});
