package io.tablequery.engine.workspace;

import io.tablequery.engine.catalog.CatalogSnapshot;
import io.tablequery.engine.catalog.FileVersion;
import io.tablequery.engine.catalog.SourceFile;
import io.tablequery.engine.catalog.SupersededFile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The chains of versions a workspace keeps: each superseded version names its successor, up to a current file. */
final class FileVersions {
    private final CatalogSnapshot catalog;
    private final Map<Integer, SupersededFile> superseded = new HashMap<>();

    FileVersions(CatalogSnapshot catalog, List<SupersededFile> versions) {
        this.catalog = catalog;
        versions.forEach(version -> superseded.put(version.file().number(), version));
    }

    /** What an F-number names, current or superseded. */
    Optional<FileVersion> find(int number) {
        Optional<SourceFile> current = catalog.file(number);
        if (current.isPresent()) {
            return Optional.of(new FileVersion(current.get(), null, null, number, true));
        }
        SupersededFile version = superseded.get(number);
        if (version == null) {
            return Optional.empty();
        }
        return Optional.of(new FileVersion(
                version.file(),
                version.supersededBy(),
                version.supersededAt(),
                latest(version.supersededBy()),
                version.contentKept()));
    }

    /** The superseded version an F-number names. */
    Optional<SupersededFile> superseded(int number) {
        return Optional.ofNullable(superseded.get(number));
    }

    /** Every superseded version whose chain ends at a file, newest first. */
    List<SupersededFile> lineage(int number) {
        List<SupersededFile> lineage = new ArrayList<>();
        for (SupersededFile version : superseded.values()) {
            if (latest(version.supersededBy()) == number) {
                lineage.add(version);
            }
        }
        lineage.sort(Comparator.comparingInt(
                        (SupersededFile version) -> version.file().number())
                .reversed());
        return lineage;
    }

    /** The versions of a file's chain whose content the retention setting no longer keeps. */
    List<SupersededFile> beyondRetention(int number, int keep) {
        List<SupersededFile> kept =
                lineage(number).stream().filter(SupersededFile::contentKept).toList();
        return kept.size() <= keep ? List.of() : kept.subList(keep, kept.size());
    }

    /** Whether a stored file directory belongs to a version whose content is kept. */
    boolean keepsContentOf(int number) {
        SupersededFile version = superseded.get(number);
        return version != null && version.contentKept();
    }

    private int latest(int number) {
        int at = number;
        for (int steps = 0; superseded.containsKey(at) && steps <= superseded.size(); steps++) {
            at = superseded.get(at).supersededBy();
        }
        return at;
    }
}
