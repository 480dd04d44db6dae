import { forOperation, idInPath, operation } from '../../../shared/descriptions';
import { memberLocator } from '../../../shared/locators';
import { paths } from '../../../shared/transport';

export const getFields = forOperation('member', 'get', [memberLocator]);

export const get = operation({
	name: 'Get',
	value: 'get',
	action: 'Get a workspace member by user ID',
	description: 'Get one member of the workspace: name, email, role and status',
	method: 'GET',
	url: paths.member(idInPath('memberId')),
});
