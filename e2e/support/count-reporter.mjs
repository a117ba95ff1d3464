// A node:test reporter that writes, as JSON to its destination, {passed, failed, skipped} of the
// leaf tests and the name and the start of the error of each failure (scripts/test.mjs lists them last).
export default async function* countReporter(source) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const failures = [];
  for await (const event of source) {
    const isSuite = event.data?.details?.type === 'suite';
    if (isSuite) continue;
    if (event.type === 'test:pass') {
      if (event.data.skip || event.data.todo) skipped += 1;
      else passed += 1;
    } else if (event.type === 'test:fail') {
      failed += 1;
      const error = event.data.details?.error;
      const cause = error?.cause ?? error;
      failures.push({
        name: event.data.name,
        file: event.data.file,
        message: String(cause?.message ?? cause ?? 'failed')
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
          .slice(0, 3)
          .join(' '),
      });
    }
  }
  yield `${JSON.stringify({ passed, failed, skipped, failures })}\n`;
}
