// A reporter beside `list`: after the run it prints the figures the tests recorded (metric annotations: the
// logged-out JavaScript against its budget, login to workbench, the guest page, the live inbox), the tests that
// failed, and one closing line `e2e: N passed, N failed` (scripts/e2e.sh and CI logs read it).
export default class Summary {
  constructor() {
    this.metrics = [];
    this.failed = [];
    this.passed = 0;
    this.skipped = 0;
  }

  onTestEnd(test, result) {
    const annotations = result.annotations ?? test.annotations;
    for (const a of annotations) if (a.type === 'metric') this.metrics.push(a.description);
    if (result.status === 'skipped') this.skipped += 1;
    else if (result.status === test.expectedStatus) this.passed += 1;
    else this.failed.push(`${test.location.file.replace(/.*\/e2e\//, 'e2e/')}:${test.location.line} › ${test.title}`);
  }

  onEnd(result) {
    if (result.status === 'passed' && this.passed + this.failed.length + this.skipped === 0) return; // --list
    console.log('');
    for (const m of this.metrics) console.log(m);
    if (this.failed.length) {
      console.log('failed:');
      for (const f of this.failed) console.log(`  ✘ ${f}`);
    }
    if (result.status !== 'passed') console.log(`run: ${result.status}`);
    const skipped = this.skipped ? `, ${this.skipped} skipped` : '';
    console.log(`e2e: ${this.passed} passed, ${this.failed.length} failed${skipped}`);
  }

  printsToStdio() {
    return false;
  }
}
