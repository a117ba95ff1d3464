// A node:test reporter that writes {passed, failed, skipped} of the leaf tests as JSON to its destination.
export default async function* countReporter(source) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for await (const event of source) {
    const isSuite = event.data?.details?.type === 'suite';
    if (isSuite) continue;
    if (event.type === 'test:pass') {
      if (event.data.skip || event.data.todo) skipped += 1;
      else passed += 1;
    } else if (event.type === 'test:fail') {
      failed += 1;
    }
  }
  yield `${JSON.stringify({ passed, failed, skipped })}\n`;
}
