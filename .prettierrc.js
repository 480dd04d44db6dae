// The formatting of n8n-nodes-starter: `npm run format` applies it, CI checks it.
module.exports = {
	semi: true,
	trailingComma: 'all',
	bracketSpacing: true,
	useTabs: true,
	tabWidth: 2,
	arrowParens: 'always',
	singleQuote: true,
	quoteProps: 'as-needed',
	endOfLine: 'lf',
	printWidth: 100,
};
