import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { attributeChoices, subjectAttributesPath, subjectField } from '../attributes/schema';
import { attributeKey, attributeType, typeInWords } from '../attributes/types';
import { chosenTemplateVariables, takesText } from '../messaging/whatsApp';
import { ACTIVITY_COLLECTION, apiRequest, paths } from '../transport';

/**
 * A dropdown's only entry, greyed out, where its list depends on a field not chosen yet (or has
 * nothing to offer): n8n shows a bare "No data" for an empty list.
 */
const saying = (text: string): INodePropertyOptions[] => [
	{ name: text, value: '', disabled: true },
];

/** The attributes where the user is that `keep` accepts, as "Name (key)", valued by `valueOf`. */
async function attributeOptions(
	context: ILoadOptionsFunctions,
	keep: (attribute: IDataObject) => boolean,
	valueOf: (attribute: IDataObject) => string = attributeKey,
): Promise<INodePropertyOptions[]> {
	const path = subjectAttributesPath(context);
	if (!path) return saying(`Choose a ${subjectField(context)} first`);
	const attributes = await apiRequest(context, 'GET', path);
	return attributes.filter(keep).map((a) => ({
		name: `${String(a.name)} (${attributeKey(a)})`,
		value: valueOf(a),
		description: `Type: ${typeInWords(attributeType(a))}`,
	}));
}

const byId = (attribute: IDataObject) => String(attribute._id);

/** The attributes that fit where the user is, by API key name. */
export async function getAttributes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return await attributeOptions(this, () => true);
}

/** Set once when a record is created (docs/api.md §2): watching them would never fire. */
const SET_AT_CREATION = ['createdAt', 'createdBy'];

/** The attributes a change trigger can watch: all but those that never change. */
export async function getWatchableAttributes(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await attributeOptions(this, (a) => !SET_AT_CREATION.includes(attributeKey(a)));
}

/** The statuses of the status attribute `key` at `attributesPath`, or of the first one there. */
async function statusesAt(
	context: ILoadOptionsFunctions,
	attributesPath: string,
	key?: string,
): Promise<INodePropertyOptions[]> {
	const attributes = await apiRequest(context, 'GET', attributesPath);
	const status = attributes.find(
		(a) => attributeType(a) === 'status' && (key === undefined || attributeKey(a) === key),
	);
	return status ? await attributeChoices(context, attributesPath, status, 'status') : [];
}

/** The statuses an activity can take: the options of the activity collection's status attribute. */
export async function getActivityStatuses(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await statusesAt(this, paths.attributes('collection', ACTIVITY_COLLECTION));
}

/** The status and pipeline attributes of the chosen collection, by API key name. */
export async function getStatusAttributes(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const options = await attributeOptions(this, (a) => attributeType(a) === 'status');
	return options.length ? options : saying('This collection has no status or pipeline attribute');
}

/** The statuses of the status attribute chosen in Status Attribute. */
export async function getStatusesOfAttribute(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const path = subjectAttributesPath(this);
	const key = String(this.getNodeParameter('statusAttribute', '') ?? '');
	if (!path) return saying(`Choose a ${subjectField(this)} first`);
	if (!key) return saying('Choose a Status Attribute first');
	return await statusesAt(this, path, key);
}

/** The custom (deletable) attributes of the Attributes node's target, by id. */
export async function getCustomAttributes(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await attributeOptions(this, (a) => a.isSystem !== true, byId);
}

/** Every attribute of the Attributes node's target, by id. */
export async function getAttributesById(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await attributeOptions(this, () => true, byId);
}

/** The status attributes of the Attributes node's target, by id. */
export async function getStatusAttributesById(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const options = await attributeOptions(this, (a) => attributeType(a) === 'status', byId);
	return options.length ? options : saying('This collection or list has no status attribute');
}

/** The options of the status attribute chosen by id in Status Attribute. */
export async function getStatusOptions(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const path = subjectAttributesPath(this);
	const attributeId = String(this.getNodeParameter('attributeId', '') ?? '');
	if (!path) return saying(`Choose a ${subjectField(this)} first`);
	if (!attributeId) return saying('Choose a Status Attribute first');
	return await attributeChoices(this, path, { _id: attributeId }, 'status');
}

/** The workspace's collections, for fields that take several (a Record Link's collections). */
export async function getCollections(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const collections = await apiRequest(this, 'GET', paths.collections);
	return collections.map((c) => ({ name: String(c.name), value: String(c._id) }));
}

/** The chosen WhatsApp template's text variables, where Send and Wait can put its link. */
export async function getWhatsAppLinkVariables(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const keys = (await chosenTemplateVariables(this)).filter(takesText);
	if (!keys.length) return saying('Choose a template with a text variable');
	return keys.map((key) => ({ name: String(key.label || key.keyName), value: key.keyName }));
}
