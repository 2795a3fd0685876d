// Real MicroPython (the 1.27 WebAssembly build) under Node, for the board's firmware.
//
//   node micropython_runner.mjs exec SCRIPT [ARG...]
//       Run a MicroPython script with the firmware importable (tests, bench). Its output
//       goes to stdout; an uncaught exception prints the traceback and exits 1 (the
//       package's own CLI would exit 0 and cannot see files, hence this runner).
//   node micropython_runner.mjs serve --fd N --flash DIR
//       A virtual Pico on the pseudo-terminal master on fd N. DIR is its flash: the files
//       of its file system, read at each boot and written back before the next one and on
//       exit. At boot a fresh MicroPython runs the flashed /main.py (host/board/
//       virtual_pico.py); if that starts the firmware, its loop is stepped every 2 ms with
//       the real clock and simulated devices (host/board/virtual_hw.py), else the port is
//       MicroPython's REPL, where mpremote can copy files and reset the Pico. JSON-line
//       commands on stdin (snapshot, press, reset, lose, fail_i2c, quit) are answered on
//       stdout.
//
// The files seen by MicroPython: for exec, the repository's firmware/ as /lib/firmware;
// for serve, the flash at the root instead (so the firmware is the flashed one), and
// /lib/machine.py (host/board/virtual_machine.py: machine.reset for mpremote). Both get
// host/board's virtual_hw.py and virtual_pico.py under /lib/host/board; `--mount DIR:NAME`
// adds DIR's .py files as the package /lib/NAME, `--mount DIR:` as top-level modules.

import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";

import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const TICK_MS = 2;
const ERROR_SHOW_MS = 1500; // as firmware/config.py: the error pattern, then the reset
const TICKS_MASK = 0x3fffffff; // MicroPython's ticks_ms wraps at 2**30
const CTRL_A = 0x01; // the REPL's raw mode
const CTRL_B = 0x02; // back to the friendly REPL
const CTRL_E = 0x05; // raw-paste mode, in the raw REPL
const PYEXEC_FORCED_EXIT = 0x100; // the REPL's answer to Ctrl-D on an empty line: soft reset
const RUNNER_DIRS = new Set(["lib", "tmp", "home", "dev", "proc"]); // not the Pico's flash

// Copy a folder's .py files (or just `files`) into MicroPython's file system.
function copyFiles(mp, fromDir, toDir, files) {
  mp.FS.mkdirTree(toDir);
  for (const name of files ?? fs.readdirSync(fromDir).filter((f) => f.endsWith(".py"))) {
    mp.FS.writeFile(`${toDir}/${name}`, fs.readFileSync(path.join(fromDir, name)));
  }
}

// ... as a package.
function copyPackage(mp, fromDir, toDir, files) {
  copyFiles(mp, fromDir, toDir, files);
  if (!mp.FS.analyzePath(`${toDir}/__init__.py`).exists) mp.FS.writeFile(`${toDir}/__init__.py`, "");
}

async function load(mounts, stdout, stderr, pico = false) {
  const mp = await loadMicroPython({ stdout, stderr, linebuffer: false });
  const board = path.join(ROOT, "host", "board");
  if (pico) {
    mp.FS.mkdirTree("/lib");
    mp.FS.writeFile("/lib/machine.py", fs.readFileSync(path.join(board, "virtual_machine.py")));
  } else {
    copyPackage(mp, path.join(ROOT, "firmware"), "/lib/firmware");
  }
  copyPackage(mp, board, "/lib/host/board", ["virtual_hw.py", "virtual_pico.py"]);
  mp.FS.writeFile("/lib/host/__init__.py", "");
  for (const mount of mounts) {
    const [dir, name] = mount.split(":");
    if (name) copyPackage(mp, path.resolve(dir), `/lib/${name}`);
    else copyFiles(mp, path.resolve(dir), "/lib");
  }
  return mp;
}

function parseArgs(argv) {
  const mounts = [];
  const rest = [];
  let fd = -1;
  let flash = null;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--mount") mounts.push(argv[++i]);
    else if (argv[i] === "--fd") fd = Number(argv[++i]);
    else if (argv[i] === "--flash") flash = argv[++i];
    else rest.push(argv[i]);
  }
  return { mounts, fd, flash, rest };
}

async function execScript(script, args, mounts) {
  const write = (bytes) => process.stdout.write(bytes);
  const mp = await load(mounts, write, (bytes) => process.stderr.write(bytes));
  mp.FS.writeFile("/main_script.py", fs.readFileSync(script));
  mp.globals.set("_argv", JSON.stringify([script, ...args]));
  try {
    mp.runPython(
      "import sys, json\nsys.argv[:] = json.loads(_argv)\n" +
        "exec(open('/main_script.py').read(), {'__name__': '__main__'})\n",
    );
  } catch (error) {
    if (error.name !== "PythonError") throw error;
    if (error.type === "SystemExit") return;
    process.stderr.write(`${error.message}\n`);
    process.exitCode = 1;
  }
}

function randomBootId() {
  return crypto.randomBytes(4).toString("hex").toUpperCase();
}

// The flash folder's files into MicroPython's file system root, and back.
function loadFlash(mp, dir) {
  const walk = (from, to) => {
    for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
      const target = `${to}/${entry.name}`;
      if (entry.isDirectory()) {
        mp.FS.mkdirTree(target);
        walk(path.join(from, entry.name), target);
      } else {
        mp.FS.writeFile(target, fs.readFileSync(path.join(from, entry.name)));
      }
    }
  };
  walk(dir, "");
}

function saveFlash(mp, dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir);
  const walk = (from, to) => {
    for (const name of mp.FS.readdir(from)) {
      if (name === "." || name === ".." || (from === "/" && RUNNER_DIRS.has(name))) continue;
      const source = from === "/" ? `/${name}` : `${from}/${name}`;
      const target = path.join(to, name);
      if (mp.FS.isDir(mp.FS.stat(source).mode)) {
        fs.mkdirSync(target);
        walk(source, target);
      } else {
        fs.writeFileSync(target, mp.FS.readFile(source));
      }
    }
  };
  walk("/", dir);
}

class VirtualPico {
  constructor(fd, flashDir, mounts) {
    this.fd = fd;
    this.flashDir = flashDir;
    this.mounts = mounts;
    this.mp = null;
    this.rig = null; // the firmware running; null at the REPL
    this.console = []; // MicroPython's output (the REPL's, a traceback), for the port
    this.unwritten = 0;
    this.failedAt = null;
    this.resetWanted = false;
    this.raw = false; // the REPL is in raw mode
    this.pasteSkip = 0;
    this.ready = Promise.resolve();
    globalThis.dicetableVirtualPico = { reset: () => (this.resetWanted = true) };
  }

  // Power on, or a hard reset: RAM is lost, the flash is kept; a fresh MicroPython runs
  // the flashed /main.py, which starts the firmware or leaves the Pico at its REPL.
  async boot() {
    let done;
    this.ready = new Promise((resolve) => (done = resolve));
    if (this.mp !== null) saveFlash(this.mp, this.flashDir);
    this.mp = this.rig = null;
    this.failedAt = null;
    this.resetWanted = false;
    const toConsole = (bytes) => this.console.push(Buffer.from(bytes));
    const mp = await load(this.mounts, toConsole, toConsole, true);
    loadFlash(mp, this.flashDir);
    this.mp = mp;
    if (mp.pyimport("host.board.virtual_pico").boot()) {
      this.rig = mp.pyimport("host.board.virtual_hw").Rig();
      this.rig.reboot(randomBootId());
    } else {
      this.raw = false;
      this.pasteSkip = 0;
      mp.replInit();
    }
    this.flush();
    done();
  }

  // A reset of the running firmware (the reset button, the firmware's own reset after an
  // error): the flash cannot have changed, so the loaded modules boot it again at once.
  restart() {
    if (this.rig === null) {
      this.resetWanted = true;
      return;
    }
    this.rig.reboot(randomBootId());
    this.failedAt = null;
  }

  send(out) {
    if (!out || out.length === 0) return;
    try {
      fs.writeSync(this.fd, out);
    } catch (error) {
      if (error.code !== "EAGAIN" && error.code !== "EIO") throw error;
      this.unwritten += out.length; // nobody reads the port: a real USB port drops too
    }
  }

  flush() {
    if (this.console.length > 0) this.send(Buffer.concat(this.console.splice(0)));
  }

  step(rx, now) {
    if (this.rig === null) {
      this.repl(rx);
    } else if (this.failedAt !== null) {
      // the firmware failed: the error pattern stays, input is lost, then the reset
      if (now - this.failedAt >= ERROR_SHOW_MS) this.restart();
    } else {
      try {
        this.send(this.rig.tick(now, rx.toString("hex")));
      } catch (error) {
        if (error.name !== "PythonError") throw error;
        process.stderr.write(`virtual board: firmware failed, resetting: ${error.message}\n`);
        this.send(this.rig.drain()); // the error report
        this.failedAt = now;
        return;
      }
      if (this.rig.wants_repl()) {
        // as firmware/pico.py: the flag for main.py, then a reset into the REPL
        this.mp.pyimport("host.board.virtual_pico").leave_maintenance_flag();
        this.resetWanted = true;
      }
    }
    this.flush();
  }

  repl(rx) {
    for (const c of rx) {
      if (this.pasteSkip > 0) {
        this.pasteSkip--;
        continue;
      }
      if (this.raw && c === CTRL_E) {
        // mpremote asks for raw-paste mode (Ctrl-E A Ctrl-A). This build's event-driven REPL
        // would wait for ever in it, so say "understood, not supported", as the protocol
        // allows; mpremote then sends the command through the plain raw REPL.
        this.console.push(Buffer.from("R\x00", "latin1"));
        this.pasteSkip = 2;
        continue;
      }
      if (c === CTRL_A) this.raw = true;
      else if (c === CTRL_B) this.raw = false;
      const result = this.mp.replProcessChar(c);
      if (this.resetWanted) return; // machine.reset(): what follows is lost, as on a Pico
      if (result & PYEXEC_FORCED_EXIT) {
        if (this.raw) {
          // a soft reset from the raw REPL (mpremote does one on connecting): it skips main.py
          this.console.push(Buffer.from("MPY: soft reboot\r\n"));
          this.mp.replInit(); // back in the raw REPL, which says so
        } else {
          this.resetWanted = true; // from the friendly REPL, main.py runs again
          return;
        }
      }
    }
  }

  snapshot() {
    if (this.rig === null) return { repl: true, unwritten: this.unwritten };
    return { ...JSON.parse(this.rig.snapshot_json()), repl: false, unwritten: this.unwritten };
  }

  firmware() {
    if (this.rig === null) throw new Error("the Pico is at its REPL: no firmware runs");
    return this.rig;
  }
}

async function serve(fd, flashDir, mounts) {
  const pico = new VirtualPico(fd, flashDir, mounts);
  const started = performance.now();
  const now = () => Math.floor(performance.now() - started) & TICKS_MASK;
  const reply = (obj) => process.stdout.write(`${JSON.stringify(obj)}\n`);
  const rxBuf = Buffer.alloc(4096);
  let running = true;

  const commands = {
    snapshot: () => pico.snapshot(),
    press: (c) => pico.firmware().press_for(c.seat, c.held ?? 80),
    reset: () => pico.restart(),
    lose: (c) => pico.firmware().port.lose(c.kind.charCodeAt(0), c.count ?? 1),
    fail_i2c: () => {
      pico.firmware().bus.fail_next = true;
    },
    quit: () => {
      running = false;
    },
  };
  readline.createInterface({ input: process.stdin }).on("line", async (line) => {
    let request;
    try {
      request = JSON.parse(line);
      const command = commands[request.cmd];
      if (!command) throw new Error(`unknown command ${request.cmd}`);
      await pico.ready; // not while the Pico boots
      const result = command(request);
      reply({ id: request.id, ok: true, result: result ?? null });
    } catch (error) {
      reply({ id: request?.id ?? null, ok: false, error: String(error.message ?? error) });
    }
  });
  process.stdin.on("end", () => {
    running = false;
  });

  await pico.boot();
  reply({ ready: true });
  while (running) {
    const chunks = [];
    for (;;) {
      let n = 0;
      try {
        n = fs.readSync(fd, rxBuf, 0, rxBuf.length, null);
      } catch (error) {
        if (error.code !== "EAGAIN" && error.code !== "EIO") throw error;
      }
      if (n <= 0) break;
      chunks.push(Buffer.from(rxBuf.subarray(0, n)));
    }
    pico.step(Buffer.concat(chunks), now());
    if (pico.resetWanted) await pico.boot();
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
  if (pico.mp !== null) saveFlash(pico.mp, flashDir);
  process.exit(0);
}

const [mode, ...argv] = process.argv.slice(2);
const { mounts, fd, flash, rest } = parseArgs(argv);
if (mode === "exec" && rest.length >= 1) {
  await execScript(rest[0], rest.slice(1), mounts);
} else if (mode === "serve" && fd >= 0 && flash !== null) {
  await serve(fd, flash, mounts);
} else {
  process.stderr.write(
    "usage: micropython_runner.mjs exec SCRIPT [ARG...] | serve --fd N --flash DIR\n",
  );
  process.exit(2);
}
