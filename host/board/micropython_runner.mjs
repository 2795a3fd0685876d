// Real MicroPython (the 1.27 WebAssembly build) under Node, for the board's firmware.
//
//   node micropython_runner.mjs exec SCRIPT [ARG...]
//       Run a MicroPython script with the firmware importable (tests, bench). Its output
//       goes to stdout; an uncaught exception prints the traceback and exits 1 (the
//       package's own CLI would exit 0 and cannot see files, hence this runner).
//   node micropython_runner.mjs serve --fd N
//       A virtual board: the firmware's loop, stepped every 2 ms with the real clock,
//       talks over the pseudo-terminal master on fd N; JSON-line commands on stdin
//       (snapshot, press, reset, lose, fail_i2c, quit) are answered on stdout.
//
// The files seen by MicroPython: the repository's firmware/ as /lib/firmware and
// host/board/virtual_hw.py as /lib/host/board/virtual_hw.py; `--mount DIR:NAME` adds DIR's
// .py files as the package /lib/NAME, `--mount DIR:` as top-level modules.

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

async function load(mounts, stdout, stderr) {
  const mp = await loadMicroPython({ stdout, stderr, linebuffer: false });
  copyPackage(mp, path.join(ROOT, "firmware"), "/lib/firmware");
  copyPackage(mp, path.join(ROOT, "host", "board"), "/lib/host/board", ["virtual_hw.py"]);
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
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--mount") mounts.push(argv[++i]);
    else if (argv[i] === "--fd") fd = Number(argv[++i]);
    else rest.push(argv[i]);
  }
  return { mounts, fd, rest };
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

async function serve(fd, mounts) {
  const log = (bytes) => process.stderr.write(bytes);
  const mp = await load(mounts, log, log);
  const Rig = mp.pyimport("host.board.virtual_hw").Rig;
  const started = performance.now();
  const now = () => Math.floor(performance.now() - started) & TICKS_MASK;
  const rig = Rig();
  rig.reboot(randomBootId());
  const reply = (obj) => process.stdout.write(`${JSON.stringify(obj)}\n`);
  const rxBuf = Buffer.alloc(4096);
  let failedAt = null;
  let running = true;
  let unwritten = 0;
  const send = (out) => {
    if (!out) return;
    try {
      fs.writeSync(fd, out);
    } catch (error) {
      if (error.code !== "EAGAIN" && error.code !== "EIO") throw error;
      unwritten += out.length; // nobody reads the port: a real USB port drops too
    }
  };

  const commands = {
    snapshot: () => ({ ...JSON.parse(rig.snapshot_json()), unwritten }),
    press: (c) => rig.press(c.seat),
    reset: () => {
      rig.reboot(randomBootId());
      failedAt = null;
    },
    lose: (c) => rig.port.lose(c.kind.charCodeAt(0), c.count ?? 1),
    fail_i2c: () => {
      rig.bus.fail_next = true;
    },
    quit: () => {
      running = false;
    },
  };
  readline.createInterface({ input: process.stdin }).on("line", (line) => {
    let request;
    try {
      request = JSON.parse(line);
      const command = commands[request.cmd];
      if (!command) throw new Error(`unknown command ${request.cmd}`);
      const result = command(request);
      reply({ id: request.id, ok: true, result: result ?? null });
    } catch (error) {
      reply({ id: request?.id ?? null, ok: false, error: String(error.message ?? error) });
    }
  });
  process.stdin.on("end", () => {
    running = false;
  });

  reply({ ready: true });
  while (running) {
    let rx = "";
    for (;;) {
      let n = 0;
      try {
        n = fs.readSync(fd, rxBuf, 0, rxBuf.length, null);
      } catch (error) {
        if (error.code !== "EAGAIN" && error.code !== "EIO") throw error;
      }
      if (n <= 0) break;
      rx += rxBuf.subarray(0, n).toString("hex");
    }
    if (failedAt !== null) {
      // the firmware failed: the error pattern stays, input is lost, then the reset
      if (now() - failedAt >= ERROR_SHOW_MS) commands.reset();
    } else {
      try {
        send(rig.tick(now(), rx));
      } catch (error) {
        if (error.name !== "PythonError") throw error;
        process.stderr.write(`virtual board: firmware failed, resetting: ${error.message}\n`);
        send(rig.drain()); // the error report
        failedAt = now();
      }
    }
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
  process.exit(0);
}

const [mode, ...argv] = process.argv.slice(2);
const { mounts, fd, rest } = parseArgs(argv);
if (mode === "exec" && rest.length >= 1) {
  await execScript(rest[0], rest.slice(1), mounts);
} else if (mode === "serve" && fd >= 0) {
  await serve(fd, mounts);
} else {
  process.stderr.write("usage: micropython_runner.mjs exec SCRIPT [ARG...] | serve --fd N\n");
  process.exit(2);
}
