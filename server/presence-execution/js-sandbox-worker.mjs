// The JavaScript sandbox of the manual console (docs/sandbox.md), on a worker thread: QuickJS compiled to
// WebAssembly runs the snippet, so the code never touches Node's own JavaScript engine. QuickJS has no
// file system, network, process, environment, timers or module loader unless the host gives them: this
// worker gives it exactly one function, the console's `write`, and nothing else.
// Plain JavaScript so that it starts the same under tsx, vitest and node (a worker gets no loader).
//
// Each run gets a fresh QuickJS runtime and context (nothing one run defines is seen by the next), with:
//   - a memory limit (the runtime's allocator refuses past it, and the WebAssembly memory cannot grow
//     past twice that: 'Memory limit exceeded'),
//   - a stack limit (deep recursion is a RangeError, not a crash),
//   - a deadline checked by QuickJS's interrupt handler (an uncatchable stop: 'Execution timed out'),
//   - an output cap (past it the handler stops the run too, so a `try` cannot swallow it).
// The main thread also terminates this worker if a run outlives its deadline by a grace period (a
// backstop for anything that does not reach the interrupt handler).
//
// In:  { id, code, limits: { timeoutMs, memoryBytes, stackBytes, outputBytes } }
// Out: { type: 'ready' } once; per run { id, success, output, error, reason } as soon as the answer is
//      known, then { type: 'idle', id } once the run's runtime is freed (freeing a million objects can
//      take seconds: the answer does not wait for it, the next run does).
//      reason: null | 'timeout' | 'memory' | 'output' | 'error' | 'crash'
import { parentPort, workerData } from 'node:worker_threads';
import { newQuickJSWASMModuleFromVariant, newVariant } from 'quickjs-emscripten-core';
import releaseSync from '@jitl/quickjs-wasmfile-release-sync';

// The WebAssembly memory itself has a maximum (workerData.wasmMemoryBytes): QuickJS's own memory limit
// does not count every allocation (a thousand 1 MB typed arrays pass it), the capped memory does, and
// an allocation past it is QuickJS's ordinary 'out of memory', at once.
const PAGE_BYTES = 64 * 1024;
const maximum = Math.floor(workerData.wasmMemoryBytes / PAGE_BYTES);
const wasmMemory = new WebAssembly.Memory({ initial: Math.min(256, maximum), maximum });
const QuickJS = await newQuickJSWASMModuleFromVariant(newVariant(releaseSync, { wasmMemory }));

// Inside the VM: console.log and friends format their arguments as Node's console would for the common
// cases (strings as they are, numbers, JSON for plain data, an error's stack) and hand one line to the
// host's `write`, which is a parameter here and never a global the snippet could find.
const CONSOLE_SETUP = `(function (write) {
  function show(value) {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return value.stack ? value.name + ': ' + value.message + '\\n' + value.stack : String(value);
    if (typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint') return String(value);
    try {
      var json = JSON.stringify(value);
      return json === undefined ? String(value) : json;
    } catch (e) {
      return String(value);
    }
  }
  function line(stream) {
    return function () {
      var parts = [];
      for (var i = 0; i < arguments.length; i++) parts.push(show(arguments[i]));
      write(stream, parts.join(' '));
    };
  }
  globalThis.console = { log: line(0), info: line(0), debug: line(0), warn: line(1), error: line(1) };
  return show;
})`;

function byteLength(text) {
  return Buffer.byteLength(text, 'utf8');
}

/** The first `max` bytes of `text`, cut on a character boundary. */
function clip(text, max) {
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= max) return text;
  return bytes
    .subarray(0, max)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
}

function errorText(vm, handle) {
  try {
    const dumped = vm.dump(handle);
    if (dumped && typeof dumped === 'object') {
      const name = typeof dumped.name === 'string' ? dumped.name : 'Error';
      const message = typeof dumped.message === 'string' ? dumped.message : String(dumped);
      return { name, message };
    }
    return { name: 'Error', message: String(dumped) };
  } catch {
    return { name: 'Error', message: 'The snippet threw something that could not be read' };
  }
}

function run({ code, limits }, answer) {
  const deadline = Date.now() + limits.timeoutMs;
  let output = '';
  let outputBytes = 0;
  let outputExceeded = false;
  let timedOut = false;

  const runtime = QuickJS.newRuntime();
  runtime.setMemoryLimit(limits.memoryBytes);
  runtime.setMaxStackSize(limits.stackBytes);
  runtime.setInterruptHandler(() => {
    if (outputExceeded) return true;
    if (Date.now() > deadline) {
      timedOut = true;
      return true;
    }
    return false;
  });
  const vm = runtime.newContext();
  const handles = [];
  const keep = (handle) => {
    handles.push(handle);
    return handle;
  };

  try {
    answer(evaluate());
  } finally {
    for (const handle of handles.reverse()) {
      if (handle.alive) handle.dispose();
    }
    vm.dispose();
    runtime.dispose();
  }

  function evaluate() {
    const write = keep(
      vm.newFunction('write', (_streamHandle, textHandle) => {
        if (outputExceeded) return;
        const text = `${vm.getString(textHandle)}\n`;
        const room = limits.outputBytes - outputBytes;
        const size = byteLength(text);
        if (size > room) {
          output += clip(text, room);
          outputBytes = limits.outputBytes;
          outputExceeded = true;
          return;
        }
        output += text;
        outputBytes += size;
      }),
    );
    const setup = vm.evalCode(CONSOLE_SETUP, 'console-setup.js');
    const setupFn = keep(vm.unwrapResult(setup));
    const show = keep(vm.unwrapResult(vm.callFunction(setupFn, vm.undefined, write)));

    const result = vm.evalCode(code, 'console.js', { type: 'global' });
    let value = null;
    let failure = null;
    if (result.error) {
      failure = keep(result.error);
    } else {
      value = keep(result.value);
      // A promise (an async snippet, a dynamic import): let its jobs run, then read how it settled. QuickJS
      // has no timers, so once no job is left a pending promise never settles: the run is over.
      const jobs = runtime.executePendingJobs(-1);
      if (jobs.error) failure = keep(jobs.error);
      else if (vm.typeof(value) === 'object') {
        const state = vm.getPromiseState(value);
        if (!state.notAPromise) {
          if (state.type === 'rejected') failure = keep(state.error);
          else if (state.type === 'fulfilled') value = keep(state.value);
          else value = null;
        }
      }
    }

    if (outputExceeded) {
      return { success: false, output, error: null, reason: 'output' };
    }
    if (failure) {
      const { name, message } = errorText(vm, failure);
      if (timedOut || (name === 'InternalError' && message === 'interrupted')) {
        return { success: false, output, error: null, reason: 'timeout' };
      }
      if (/out of memory/i.test(message)) {
        return { success: false, output, error: null, reason: 'memory' };
      }
      return { success: false, output, error: `${name}: ${message}`, reason: 'error' };
    }
    // Like a browser's console: a snippet that printed nothing but ends in a value shows that value.
    if (output === '' && value !== null && vm.typeof(value) !== 'undefined') {
      const shown = vm.callFunction(show, vm.undefined, value);
      if (!shown.error) {
        const text = vm.getString(shown.value);
        shown.value.dispose();
        if (byteLength(text) > limits.outputBytes) {
          return {
            success: false,
            output: clip(text, limits.outputBytes),
            error: null,
            reason: 'output',
          };
        }
        output = text;
      } else {
        shown.error.dispose();
      }
    }
    return { success: true, output, error: null, reason: null };
  }
}

parentPort.on('message', (message) => {
  let answered = false;
  try {
    run(message, (answer) => {
      answered = true;
      parentPort.postMessage({ id: message.id, ...answer });
    });
  } catch (error) {
    if (answered) process.exit(1);
    // A failure of QuickJS itself (not of the snippet): this worker may be damaged, so it says so and
    // the main thread starts a fresh one.
    parentPort.postMessage({
      id: message.id,
      success: false,
      output: '',
      error: null,
      reason: 'crash',
      detail: error instanceof Error ? error.message : String(error),
    });
    process.exit(1);
  }
  parentPort.postMessage({ type: 'idle', id: message.id });
});

parentPort.postMessage({ type: 'ready' });
