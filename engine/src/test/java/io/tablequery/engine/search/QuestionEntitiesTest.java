package io.tablequery.engine.search;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QuestionEntitiesTest {
    @Test
    void runsOfCapitalisedWordsAreNames() {
        assertThat(QuestionEntities.phrases("who did the New York Knicks play in 1990?"))
                .containsExactly("New York Knicks");
        assertThat(QuestionEntities.phrases("New York or Boston?")).containsExactly("New York");
        assertThat(QuestionEntities.phrases("when was the Grand Prix of Monaco first held"))
                .containsExactly("Grand Prix");
    }

    @Test
    void quotedStringsOfSeveralWordsAreNames() {
        assertThat(QuestionEntities.phrases("how many medals did \"Great Britain\" win?"))
                .containsExactly("Great Britain");
        assertThat(QuestionEntities.phrases("rows where the status is “on hold”"))
                .containsExactly("on hold");
    }

    @Test
    void aWordAloneOrWordsApartAreNoPhrase() {
        assertThat(QuestionEntities.phrases("what is the total of Gold?")).isEmpty();
        assertThat(QuestionEntities.phrases("who won, Brazil, Argentina or Chile?"))
                .isEmpty();
        assertThat(QuestionEntities.phrases("\"Gold\" medals")).isEmpty();
        assertThat(QuestionEntities.phrases("")).isEmpty();
    }
}
