// `n8n-node build` compiles the TypeScript and copies icons; it does not copy the codex
// files (`*.node.json`: categories, aliases and documentation links that n8n shows in
// its node panel). This task puts each one next to its compiled node in dist/.
const { src, dest } = require('gulp');

function copyCodex() {
	return src('nodes/**/*.node.json', { base: '.' }).pipe(dest('dist'));
}

exports['build:codex'] = copyCodex;
