import type { IExecuteSingleFunctions } from 'n8n-workflow';

import { ID_FIELDS } from '../locators';

/** Which ID a 404 means: the one the service's message names or quotes, else the only one given. */

export interface IdParameter {
	label: string;
	value: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Named in the message (longest first: "List entry" is not "List"), else whose value it quotes. */
function missingParameter(
	said: string | undefined,
	idParameters: IdParameter[],
): IdParameter | undefined {
	if (!said) return undefined;
	const byName = [...idParameters]
		.sort((a, b) => b.label.length - a.label.length)
		.find((p) => new RegExp(`\\b${escapeRegExp(p.label)}\\b`, 'i').test(said));
	return byName ?? idParameters.find((p) => p.value && said.includes(p.value));
}

export function notFound(
	said: string | undefined,
	idParameters: IdParameter[],
): { message: string; description: string } {
	// With one ID given there is no other it can mean.
	const named =
		missingParameter(said, idParameters) ??
		(idParameters.length === 1 ? idParameters[0] : undefined);
	if (named?.label.endsWith(' ID')) {
		return {
			message: `The ${named.label} "${named.value}" was not found`,
			description: `Check the ${named.label} parameter. The service said: ${said ?? 'not found'}`,
		};
	}
	if (named) {
		return {
			message: `The ${named.label.toLowerCase()} with ID "${named.value}" was not found`,
			description: `Check the ${named.label} parameter: choose it from the list, or copy its ID from the dashboard. The service said: ${said}`,
		};
	}
	const given = idParameters.map((p) => `${p.label} "${p.value}"`).join(', ');
	return {
		message: `Not found: ${said ?? 'the service has no such path'}`,
		description: given
			? `The service did not say which ID it means. Check each ID given to this node: ${given}.`
			: 'Check the Base URL in the credential: it should be the address of the API alone, with no path.',
	};
}

/** The ID fields the node has, with their values: a 404 names the one it means. */
export function idParametersOf(
	context: Pick<IExecuteSingleFunctions, 'getNode' | 'getNodeParameter'>,
): IdParameter[] {
	const { parameters } = context.getNode();
	return Object.entries(ID_FIELDS)
		.filter(([name]) => parameters[name] !== undefined)
		.map(([name, label]) => ({
			label,
			value: String(context.getNodeParameter(name, '', { extractValue: true }) ?? ''),
		}));
}
