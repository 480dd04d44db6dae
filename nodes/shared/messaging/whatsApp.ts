import type {
	FieldType,
	IDataObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeListSearchItems,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { apiRequest, paths, segment } from '../transport';
import { parameterId } from '../locators';
import { MESSAGING_BASE_URL, requireMessagingHost } from './host';

/**
 * The WhatsApp reads of the messaging host (docs/api.md §4.9): accounts, their templates a page at
 * a time, and a template's variables; and the template picker's value, which carries the language.
 */

/** A dropdown's, or a node run's that checks a template before sending it (Send and Wait). */
type ReadContext = ILoadOptionsFunctions | IExecuteFunctions;

const read = async <T>(context: ReadContext, url: string) =>
	await apiRequest<T>(context, 'GET', url, { baseURL: MESSAGING_BASE_URL });

/** "Acme Support (+1 234 567 8900)": the verified name and the number customers see. */
export const accountLabel = (account: IDataObject) =>
	`${String(account.verified_name ?? account.phone_id)} (${String(account.display_phone_number ?? '')})`;

export async function readAccounts(context: ILoadOptionsFunctions): Promise<IDataObject[]> {
	return await read<IDataObject[]>(context, paths.messaging.whatsAppAccounts);
}

/** A template as the picker stores it: its name and language, as one template is both. */
export interface TemplateChoice {
	name: string;
	language?: string;
}

/** Meta's template names are lowercase letters, digits and underscores: `|` never occurs in one. */
const SEPARATOR = '|';

export const templateValue = ({ name, language }: TemplateChoice) =>
	language ? `${name}${SEPARATOR}${language}` : name;

/** "welcome_message|en" from the list, or a name typed By Name (its language then comes from elsewhere). */
export function toTemplateChoice(value: unknown): TemplateChoice {
	const [name, language] = String(value ?? '')
		.trim()
		.split(SEPARATOR)
		.map((part) => part.trim());
	return { name: name ?? '', ...(language ? { language } : {}) };
}

export const templateLabel = (template: IDataObject) =>
	`${String(template.name)} (${String(template.language)})`;

/** Asked for per page (the host's default is 10, no cap documented: a page may hold fewer). */
const TEMPLATE_PAGE = 100;
/** Pages read for one look at the picker: the search is done here, as the host has none. */
const PAGES_PER_LOOK = 10;
/** Pages read to find a template typed By Name: a bound, should a host never answer an empty page. */
const PAGES_BY_NAME = 1000;

interface TemplatePage {
	data?: IDataObject[];
}

/**
 * An account's templates, a page at a time from `offset`, until a page with none: the one sure
 * sign of the end (a short page may have more after it, and the docs name the pagination fields
 * only in order, so no total is read). `next` is where the page after this one starts.
 */
async function* templatePages(
	context: ReadContext,
	phoneId: string,
	offset: number,
): AsyncGenerator<{ templates: IDataObject[]; next: number }> {
	const path = paths.messaging.whatsAppTemplates(segment(phoneId, 'Account'));
	for (let at = offset; ; ) {
		const { data = [] } = await read<TemplatePage>(
			context,
			`${path}?limit=${TEMPLATE_PAGE}&offset=${at}`,
		);
		if (!data.length) return;
		at += data.length;
		yield { templates: data, next: at };
	}
}

/**
 * The approved templates `keep` accepts, from `offset` on, until `enough` are found, `pages` are
 * read or the host has no more; `next` is where to go on from, if anything may be left.
 */
export async function findApprovedTemplates(
	context: ReadContext,
	phoneId: string,
	keep: (template: IDataObject) => boolean,
	{
		offset = 0,
		enough = Infinity,
		pages = PAGES_PER_LOOK,
	}: { offset?: number; enough?: number; pages?: number } = {},
): Promise<{ found: IDataObject[]; next?: number }> {
	const found: IDataObject[] = [];
	let read = 0;
	for await (const { templates, next } of templatePages(context, phoneId, offset)) {
		found.push(...templates.filter((t) => t.status === 'APPROVED' && keep(t)));
		read += 1;
		if (found.length >= enough || read >= pages) return { found, next };
	}
	return { found };
}

/** The picker's entries: each approved template in each of its languages. */
export const templateItem = (template: IDataObject): INodeListSearchItems => ({
	name: templateLabel(template),
	value: templateValue({ name: String(template.name), language: String(template.language) }),
	description: String(template.category ?? ''),
});

/** The language of a template chosen By Name: that of its only approved version, else refused. */
export async function languageOf(
	context: ReadContext,
	phoneId: string,
	name: string,
): Promise<string> {
	const { found } = await findApprovedTemplates(context, phoneId, (t) => t.name === name, {
		pages: PAGES_BY_NAME,
	});
	const languages = [...new Set(found.map((t) => String(t.language)))];
	if (languages.length === 1) return languages[0];
	throw new NodeOperationError(
		context.getNode(),
		languages.length
			? `Template: "${name}" has several languages (${languages.join(', ')})`
			: `Template: the account has no approved template "${name}"`,
		{
			description: languages.length
				? 'Choose the template from the list, or set its language under Additional Fields → Language.'
				: "Choose the template from the list: it shows the account's approved templates.",
		},
	);
}

export interface VariableKey {
	keyName: string;
	label?: string;
	type?: string;
}

/** A picked template's variables: in the language beside it, its own, or its only approved one. */
export async function templateVariableKeys(
	context: ReadContext,
	phoneId: string,
	chosen: string,
	chosenLanguage = '',
): Promise<VariableKey[]> {
	const { name, language: own } = toTemplateChoice(chosen);
	if (!phoneId || !name) return [];
	const language = chosenLanguage.trim() || own || (await languageOf(context, phoneId, name));
	const path = paths.messaging.whatsAppVariableKeys(segment(phoneId, 'Account'));
	const query = `template_name=${encodeURIComponent(name)}&language=${encodeURIComponent(language)}`;
	const { data = [] } = await read<{ data?: VariableKey[] }>(context, `${path}?${query}`);
	return data;
}

/** The variables of the template chosen in the node's Account and Template fields. */
export async function chosenTemplateVariables(
	context: ILoadOptionsFunctions,
): Promise<VariableKey[]> {
	const phoneId = parameterId(context, 'phoneId');
	if (!phoneId || !toTemplateChoice(parameterId(context, 'template')).name) return [];
	await requireMessagingHost(context);
	const language = String(context.getNodeParameter('additionalFields.language', '') ?? '');
	return await templateVariableKeys(context, phoneId, parameterId(context, 'template'), language);
}

/** Variables a link can be put in: those of text (media ones take a file's address). */
export const takesText = (key: VariableKey) => variableType(key.type).field === 'string';

interface VariableType {
	field: FieldType;
	/** What a value is, said after the label; nothing for text, which any field takes. */
	takes: string;
	/** The word that, in a label already, makes `takes` repeat it ("Product Image"). */
	word?: string;
	/** What is still worth saying then. */
	short?: string;
}

/** What each variable type takes (docs/api.md §4.9): its field type, and the words of its label. */
export const VARIABLE_TYPES: Record<string, VariableType> = {
	TEXT: { field: 'string', takes: '' },
	OTP: { field: 'string', takes: 'one-time code', word: 'code', short: '' },
	IMAGE_URL: { field: 'url', takes: 'image URL', word: 'image', short: 'URL' },
	VIDEO_URL: { field: 'url', takes: 'video URL', word: 'video', short: 'URL' },
	DOCUMENT_URL: { field: 'url', takes: 'document URL', word: 'document', short: 'URL' },
};

/** A type the docs do not name yet is still a field, of text. */
export const variableType = (type: unknown): VariableType =>
	VARIABLE_TYPES[String(type ?? '').toUpperCase()] ?? { field: 'string', takes: '' };

/**
 * "Invoice — document URL", "Product Image — URL", "Customer Name": n8n cuts a label longer than
 * about 170 px (its issue icon beside it), so nothing is said twice, nor text, which any takes.
 */
export function variableLabel(label: string, type: unknown): string {
	const { takes, word, short } = variableType(type);
	const repeated = word !== undefined && new RegExp(`\\b${word}\\b`, 'i').test(label);
	const said = repeated ? short : takes;
	return said ? `${label} — ${said}` : label;
}
