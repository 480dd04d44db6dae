import type { ParameterSource } from '../../nodes/shared/locators';

/**
 * Parameters as a node reads them, from a plain object: a missing one gives the fallback, and
 * `extractValue` a resource locator's value, as n8n's `getNodeParameter` does.
 */
export const parametersOf = (parameters: Record<string, unknown>): ParameterSource => ({
	getNodeParameter(name, fallback, options) {
		const value = Object.hasOwn(parameters, name) ? parameters[name] : fallback;
		const locator = value as { __rl?: boolean; value?: unknown } | undefined;
		return (options?.extractValue && locator?.__rl ? locator.value : value) as never;
	},
});
