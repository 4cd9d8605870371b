package io.tablequery.engine.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** When a searcher builds its packed vectors again while tables are still being read. */
class MeaningMatricesTest {
    @TempDir
    Path dir;

    private MeaningMatrices matrices() {
        Map<String, MeaningIndex.Text> texts = Map.of(
                "a", MeaningIndex.Text.of("a", false),
                "b", MeaningIndex.Text.of("b", false),
                "c", MeaningIndex.Text.of("c", true));
        return new MeaningMatrices(texts, new MeaningIndex(dir.resolve("meaning.vectors")));
    }

    @Test
    void whileTablesAreReadASearchRanksWithTheLastBuildUntilThePauseIsOver() {
        MeaningMatrices matrices = matrices();

        assertThat(matrices.generation(1)).isEqualTo(1);
        assertThat(matrices.generation(2)).as("within the pause").isEqualTo(1);
        assertThat(matrices.generation(1)).isEqualTo(1);
    }

    @Test
    void theLastTableReadIsRankedWithAtOnce() {
        MeaningMatrices matrices = matrices();

        assertThat(matrices.generation(1)).isEqualTo(1);
        assertThat(matrices.generation(3)).isEqualTo(3);
        assertThat(matrices.hasChineseNamed()).isTrue();
    }

    @Test
    void aMatrixIsBuiltOncePerGeneration() {
        MeaningMatrices matrices = matrices();

        MeaningMatrix first = matrices.of(MeaningRanking.Model.ENGLISH, MeaningMatrices.Tables.ALL, 0);
        assertThat(matrices.of(MeaningRanking.Model.ENGLISH, MeaningMatrices.Tables.ALL, 0))
                .isSameAs(first);
        assertThat(matrices.of(MeaningRanking.Model.ENGLISH, MeaningMatrices.Tables.ALL, 1))
                .isNotSameAs(first);
    }
}
