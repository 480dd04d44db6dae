import {
	ANSWERED_PAGE,
	PAGE_POLICY,
	questionPage,
} from '../../../../../nodes/shared/messaging/ask/pages';

const YES_NO = [
	{ label: 'Yes', approved: true },
	{ label: 'No', approved: false },
];

describe('the page a link opens', () => {
	test('its title and the message, escaped', () => {
		const html = questionPage({
			title: 'Order <42> & "you"',
			message: `Tom's <img src=x onerror=alert(1)>\nsecond line`,
			choices: YES_NO,
		});
		expect(html).toContain('<title>Order &lt;42&gt; &amp; &quot;you&quot;</title>');
		expect(html).toContain('<h1>Order &lt;42&gt; &amp; &quot;you&quot;</h1>');
		expect(html).toContain('<p>Tom&#39;s &lt;img src=x onerror=alert(1)&gt;<br>second line</p>');
		expect(html).not.toContain('<img');
	});

	test('no script and nothing from elsewhere; the policy forbids both', () => {
		const pages = [
			questionPage({ title: 'T', message: '<script>x</script>', choices: YES_NO }),
			questionPage({ title: 'T', message: 'M', choices: [] }),
			ANSWERED_PAGE,
		];
		for (const html of pages) {
			expect(html).not.toMatch(/<script|<link|<iframe|src=|https?:/i);
			expect(html).toMatch(/^<!doctype html>/);
			expect(html).toContain('<meta name="robots" content="noindex">');
		}
		expect(PAGE_POLICY).toMatch(/^default-src 'none';/);
		expect(PAGE_POLICY).toContain("form-action 'self'");
		expect(PAGE_POLICY).toContain("frame-ancestors 'none'");
		expect(PAGE_POLICY).not.toContain('script-src');
	});

	test('approval: one form per choice, posting its own value to the page itself', () => {
		const html = questionPage({ title: 'T', message: 'M', choices: YES_NO });
		expect(html).toContain(
			'<form method="post"><input type="hidden" name="approved" value="true"><button type="submit">Yes</button></form>' +
				'<form method="post"><input type="hidden" name="approved" value="false"><button type="submit" class="secondary">No</button></form>',
		);
		expect(html).not.toContain('action=');
		expect(html).not.toContain('<textarea');
	});

	test("an email button's page: its own choice alone", () => {
		const html = questionPage({ title: 'T', message: 'M', choices: [YES_NO[1]] });
		expect(html.match(/<form /g)).toHaveLength(1);
		expect(html).toContain('value="false"');
		expect(html).not.toContain('value="true"');
	});

	test('a label is escaped on its button', () => {
		const html = questionPage({
			title: 'T',
			message: 'M',
			choices: [{ label: '<b>Yes</b> & go', approved: true }],
		});
		expect(html).toContain('>&lt;b&gt;Yes&lt;/b&gt; &amp; go</button>');
	});

	test('free text: a required text box and a Send button', () => {
		const html = questionPage({ title: 'Your answer', message: 'Any notes?', choices: [] });
		expect(html).toContain(
			'<form method="post"><textarea name="text" required aria-label="Your answer"></textarea><br><button type="submit">Send</button></form>',
		);
		expect(html).not.toContain('name="approved"');
	});

	test('what was wrong with a post, above the form, escaped', () => {
		const html = questionPage({
			title: 'T',
			message: 'M',
			choices: YES_NO,
			problem: 'Press one of the <buttons>.',
		});
		expect(html).toContain('<p>M</p><p class="error">Press one of the &lt;buttons&gt;.</p><form');
		expect(questionPage({ title: 'T', message: 'M', choices: YES_NO })).not.toContain(
			'class="error"',
		);
	});

	test('after the answer: thanks, and nothing to press', () => {
		expect(ANSWERED_PAGE).toContain('<title>Got it, thanks</title>');
		expect(ANSWERED_PAGE).toContain('Your answer is recorded.');
		expect(ANSWERED_PAGE).not.toContain('<form');
	});
});
