package io.tablequery.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Describes the machine a benchmark ran on, for the report. */
final class Machine {
    private Machine() {}

    static Map<String, String> describe() {
        Map<String, String> machine = new LinkedHashMap<>();
        machine.put("cpu", firstMatch(Path.of("/proc/cpuinfo"), "model name"));
        machine.put("cores", Integer.toString(Runtime.getRuntime().availableProcessors()));
        machine.put("memory", firstMatch(Path.of("/proc/meminfo"), "MemTotal"));
        machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        machine.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
        return machine;
    }

    private static String firstMatch(Path file, String key) {
        try {
            for (String line : Files.readAllLines(file)) {
                if (line.startsWith(key)) {
                    return line.substring(line.indexOf(':') + 1).strip();
                }
            }
        } catch (IOException e) {
            return "unknown";
        }
        return "unknown";
    }
}
