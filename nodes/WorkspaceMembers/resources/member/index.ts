import type { INodeProperties } from 'n8n-workflow';

import { forOperation, idInPath, operation, operationSelector } from '../../../shared/descriptions';
import { memberLocator } from '../../../shared/locators';
import { paths } from '../../../shared/transport';

export const memberDescription: INodeProperties[] = [
	operationSelector('member', [
		operation({
			name: 'Get',
			value: 'get',
			action: 'Get a workspace member',
			description: 'Get one member of the workspace: name, email, role and status',
			method: 'GET',
			url: paths.member(idInPath('memberId')),
		}),
		operation({
			name: 'Get Many',
			value: 'getAll',
			action: 'Get many workspace members',
			description: 'Get all members of the workspace',
			method: 'GET',
			url: paths.members,
		}),
	]),
	...forOperation('member', 'get', [memberLocator]),
];
