package io.tablequery.engine.joins;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KeyNamesTest {
    @Test
    void foldsCaseSeparatorsAndAccents() {
        assertThat(KeyNames.fold("Country_Code")).isEqualTo("countrycode");
        assertThat(KeyNames.fold("Schüler-ID")).isEqualTo("schulerid");
        assertThat(KeyNames.fold("客户 编号")).isEqualTo("客户编号");
    }

    @Test
    void splitsWordsAtSeparatorsCaseChangesAndDigits() {
        assertThat(KeyNames.words("StuID")).containsExactly("stu", "id");
        assertThat(KeyNames.words("verein_kennung2")).containsExactly("verein", "kennung", "2");
        assertThat(KeyNames.words("erstellt von Mitarbeiter-ID"))
                .containsExactly("erstellt", "von", "mitarbeiter", "id");
    }

    @Test
    void tellsKeyNamesFromOtherNames() {
        assertThat(KeyNames.isKey("customer_id")).isTrue();
        assertThat(KeyNames.isKey("PetID")).isTrue();
        assertThat(KeyNames.isKey("pid")).isTrue();
        assertThat(KeyNames.isKey("zimmernummer")).isTrue();
        assertThat(KeyNames.isKey("Code")).isTrue();
        assertThat(KeyNames.isKey("客户编号")).isTrue();
        assertThat(KeyNames.isKey("Grid")).isFalse();
        assertThat(KeyNames.isKey("valid")).isFalse();
        assertThat(KeyNames.isKey("name")).isFalse();
        assertThat(KeyNames.isKey("Year")).isFalse();
        assertThat(KeyNames.isKey("identity_theft")).isFalse();
    }

    @Test
    void bareKeyWordsNeedTheirTable() {
        assertThat(KeyNames.isBare("ID")).isTrue();
        assertThat(KeyNames.isBare("code")).isTrue();
        assertThat(KeyNames.isBare("customer_id")).isFalse();
    }

    @Test
    void looksUpTheWholeNameThenItsKeyEndings() {
        assertThat(KeyNames.lookups("erstellt_von_mitarbeiter_id"))
                .containsExactly("erstelltvonmitarbeiterid", "vonmitarbeiterid", "mitarbeiterid");
        assertThat(KeyNames.lookups("customer_id")).containsExactly("customerid");
    }

    @Test
    void aTableNameGivesItsSingularAndItsNameWithoutExtension() {
        assertThat(KeyNames.tableStems("pets")).containsExactly("pets", "pet");
        assertThat(KeyNames.tableStems("countries.csv")).contains("countries", "countri");
        assertThat(KeyNames.tableStems("Kunden")).containsExactlyInAnyOrder("kunden", "kunde", "kund");
        assertThat(KeyNames.tableStems("ab")).isEmpty();
    }
}
