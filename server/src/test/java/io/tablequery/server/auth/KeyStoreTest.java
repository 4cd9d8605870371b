package io.tablequery.server.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeyStoreTest {
    @TempDir
    Path dir;

    @Test
    void keepsHashesAcrossRestartsAndRevokes() throws Exception {
        Path file = dir.resolve("keys.json");
        KeyStore store = KeyStore.open(file);
        KeyStore.IssuedKey a = store.issue("a");
        KeyStore.IssuedKey b = store.issue("b");
        assertThat(a.key()).startsWith("tq_").hasSize(3 + 43).isNotEqualTo(b.key());
        assertThat(Files.readString(file)).doesNotContain(a.key()).contains(ApiKeys.hash(a.key()));

        KeyStore reopened = KeyStore.open(file);
        assertThat(reopened.workspaceOf(a.key())).hasValue("a");
        assertThat(reopened.workspaceOf(b.key())).hasValue("b");
        assertThat(reopened.workspaceOf(a.key() + "x")).isEmpty();
        assertThat(reopened.revoke(a.id())).isTrue();
        assertThat(reopened.revoke(a.id())).isFalse();
        assertThat(KeyStore.open(file).workspaceOf(a.key())).isEmpty();
        reopened.revokeAll("b");
        assertThat(KeyStore.open(file).workspaceOf(b.key())).isEmpty();
    }

    @Test
    void generatesTheAdminKeyOnceUnlessOneIsConfigured() {
        KeyStore store = KeyStore.open(dir.resolve("keys.json"));
        String generated = AdminKey.ensure(store, null).orElseThrow();
        assertThat(store.workspaceOf(generated)).hasValue(KeyStore.ADMIN);
        assertThat(AdminKey.ensure(KeyStore.open(dir.resolve("keys.json")), null))
                .as("a restart keeps the stored admin key and prints nothing")
                .isEmpty();

        KeyStore configured = KeyStore.inMemory();
        assertThat(AdminKey.ensure(configured, " from-the-environment ")).isEmpty();
        assertThat(configured.workspaceOf("from-the-environment")).hasValue(KeyStore.ADMIN);
        assertThat(AdminKey.ensure(configured, "rotated")).isEmpty();
        assertThat(configured.workspaceOf("from-the-environment"))
                .as("a new configured admin key revokes the old one")
                .isEmpty();
        assertThat(configured.workspaceOf("rotated")).hasValue(KeyStore.ADMIN);
        assertThat(AdminKey.ensure(KeyStore.open(dir.resolve("keys.json")), "configured"))
                .isEmpty();
        assertThat(KeyStore.open(dir.resolve("keys.json")).workspaceOf(generated))
                .as("configuring a key revokes the generated one")
                .isEmpty();
        String id = configured.list(KeyStore.ADMIN).get(0).id();
        assertThat(configured.revoke(id))
                .as("the admin key is not revoked through the key routes")
                .isFalse();
    }

    /** Two servers over one data root: each sees the other's keys, and neither's change undoes the other's. */
    @Test
    void storesOverOneFileSeeEachOthersChanges() throws Exception {
        Path file = dir.resolve("keys.json");
        KeyStore first = KeyStore.open(file, Duration.ZERO);
        KeyStore second = KeyStore.open(file, Duration.ZERO);
        KeyStore.IssuedKey a = first.issue("a");
        assertThat(second.workspaceOf(a.key()))
                .as("issued through the other store")
                .hasValue("a");
        KeyStore.IssuedKey b = second.issue("b");
        assertThat(first.workspaceOf(b.key())).hasValue("b");
        assertThat(first.workspaceOf(a.key()))
                .as("the second store wrote the file read afresh, keeping the first's key")
                .hasValue("a");
        assertThat(first.revoke(b.id())).isTrue();
        assertThat(second.workspaceOf(b.key()))
                .as("revoked through the other store")
                .isEmpty();
        assertThat(second.list("a")).extracting(KeyStore.StoredKey::id).containsExactly(a.id());

        KeyStore slow = KeyStore.open(file, Duration.ofHours(1));
        KeyStore.IssuedKey c = first.issue("c");
        assertThat(slow.workspaceOf(c.key()))
                .as("a store checks the file at most once per its recheck time")
                .isEmpty();
        slow.issue("d");
        assertThat(slow.workspaceOf(c.key()))
                .as("a change reads the file afresh")
                .hasValue("c");
    }

    @Test
    void aFileThatHoldsNoKeysLeavesTheKeysReadBeforeInForce() throws Exception {
        Path file = dir.resolve("keys.json");
        KeyStore store = KeyStore.open(file, Duration.ZERO);
        KeyStore.IssuedKey a = store.issue("a");
        Files.writeString(file, "{not json");
        assertThat(store.workspaceOf(a.key())).hasValue("a");
        assertThatThrownBy(() -> store.issue("b"))
                .isInstanceOf(java.io.UncheckedIOException.class)
                .hasMessageContaining("holds no list of keys");
        Files.delete(file);
        assertThat(store.workspaceOf(a.key()))
                .as("a store whose file is gone holds no keys")
                .isEmpty();
    }

    @Test
    void serversStartingAtOnceIssueOneAdminKey() throws Exception {
        Path file = dir.resolve("keys.json");
        KeyStore first = KeyStore.open(file, Duration.ZERO);
        KeyStore second = KeyStore.open(file, Duration.ZERO);
        assertThat(AdminKey.ensure(first, null)).isPresent();
        assertThat(AdminKey.ensure(second, null))
                .as("the second store finds the first's admin key in the file")
                .isEmpty();
        assertThat(second.list(KeyStore.ADMIN)).hasSize(1);
    }
}
