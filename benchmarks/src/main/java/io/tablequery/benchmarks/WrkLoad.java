package io.tablequery.benchmarks;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Drives the load mix with {@code wrk} (Debian's package): a client in C, in a process of its own, costs the two
 * cores far less than Java's HTTP client in the server's JVM, so the server's share is what is measured. Each wrk
 * thread holds one connection, so its Lua state sees its requests and responses strictly in turn and can time each
 * one, by call, with the monotonic clock; the samples come back on standard output when the run ends. A sample is
 * kept as one number (call × 10^10 + microseconds × 2 + error), since wrk 4.1 crashes copying a table of tables out
 * of a thread.
 */
final class WrkLoad {
    private static final String SAMPLE = "tq-sample ";
    private static final String ERRORS = "tq-errors ";

    private WrkLoad() {}

    /**
     * Finds wrk on the {@code PATH}.
     *
     * @return its path, or empty when it is not installed
     */
    static Optional<Path> find() {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        return Stream.of(path.split(File.pathSeparator))
                .filter(dir -> !dir.isEmpty())
                .map(dir -> Path.of(dir, "wrk"))
                .filter(Files::isExecutable)
                .findFirst();
    }

    /**
     * Runs the clients for a time.
     *
     * @param wrk the wrk executable
     * @param base the workspace's URI, ending in a slash
     * @param calls the mix
     * @param clients connections, one per wrk thread
     * @param seconds how long
     * @param scratch where the script is written
     * @return the samples
     * @throws IOException when wrk cannot run or reports no samples
     * @throws InterruptedException when interrupted while waiting for wrk
     */
    static LoadBenchmark.Samples drive(
            Path wrk, URI base, List<LoadBenchmark.Call> calls, int clients, int seconds, Path scratch)
            throws IOException, InterruptedException {
        Files.createDirectories(scratch);
        Path script = scratch.resolve("load-mix.lua");
        Files.writeString(script, script(base, calls), StandardCharsets.UTF_8);
        List<String> command = List.of(
                wrk.toString(),
                "-t" + clients,
                "-c" + clients,
                "-d" + seconds + "s",
                "--timeout",
                "60s",
                "-s",
                script.toString(),
                base.resolve("/").toString());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<long[]> samples = new ArrayList<>();
        long unanswered = 0;
        List<String> other = new ArrayList<>();
        try (BufferedReader in =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = in.readLine()) != null; ) {
                if (line.startsWith(SAMPLE)) {
                    String[] fields = line.substring(SAMPLE.length()).split(" ");
                    samples.add(new long[] {
                        Long.parseLong(fields[0]), Long.parseLong(fields[1]) * 1_000, Long.parseLong(fields[2])
                    });
                } else if (line.startsWith(ERRORS)) {
                    unanswered = Long.parseLong(line.substring(ERRORS.length()).strip());
                } else {
                    other.add(line);
                }
            }
        }
        int exit = process.waitFor();
        if (exit != 0 || samples.isEmpty()) {
            throw new IOException(
                    "wrk exited with %d and %d samples:%n%s".formatted(exit, samples.size(), String.join("\n", other)));
        }
        return new LoadBenchmark.Samples(samples, unanswered);
    }

    /** The Lua script: picks calls by weight, times each response, and prints every sample at the end. */
    static String script(URI base, List<LoadBenchmark.Call> calls) {
        StringBuilder lua = new StringBuilder();
        lua.append("""
                local ffi = require("ffi")
                ffi.cdef[[
                typedef struct { long tv_sec; long tv_nsec; } tq_timespec;
                int clock_gettime(int clock, tq_timespec *time);
                ]]
                local now = ffi.new("tq_timespec")
                local function micros()
                  ffi.C.clock_gettime(1, now)
                  return tonumber(now.tv_sec) * 1000000 + math.floor(tonumber(now.tv_nsec) / 1000)
                end
                local calls = {
                """);
        for (LoadBenchmark.Call call : calls) {
            lua.append(String.format(
                    Locale.ROOT,
                    "  {%d, %s, %s},%n",
                    call.weight(),
                    luaString(base.resolve(call.route()).getRawPath()),
                    luaString(call.body())));
        }
        lua.append("""
                }
                local threads = {}
                setup = function(thread) table.insert(threads, thread) end
                local requests, picks = {}, {}
                pick, started, count, samples = 0, 0, 0, {}
                init = function(args)
                  for index, call in ipairs(calls) do
                    requests[index] = wrk.format("POST", call[2], {["Content-Type"] = "application/json"}, call[3])
                    for _ = 1, call[1] do table.insert(picks, index) end
                  end
                  math.randomseed(micros())
                end
                request = function()
                  pick = picks[math.random(#picks)]
                  started = micros()
                  return requests[pick]
                end
                response = function(status, headers, body)
                  count = count + 1
                  samples[count] = (pick - 1) * 10000000000 + (micros() - started) * 2 + (status == 200 and 0 or 1)
                end
                done = function(summary, latency, requests)
                  for _, thread in ipairs(threads) do
                    for _, sample in ipairs(thread:get("samples")) do
                      local call, rest = math.floor(sample / 10000000000), sample % 10000000000
                      io.write("tq-sample ", call, " ", math.floor(rest / 2), " ", rest % 2, "\\n")
                    end
                  end
                  io.write("tq-errors ", summary.errors.connect + summary.errors.read + summary.errors.write
                    + summary.errors.timeout, "\\n")
                  io.flush()
                end
                """);
        return lua.toString();
    }

    /** A Lua long string, with a level of brackets the text does not hold. */
    private static String luaString(String text) {
        String level = "";
        while (text.contains("]" + level + "]")) {
            level += "=";
        }
        return "[" + level + "[" + text + "]" + level + "]";
    }
}
