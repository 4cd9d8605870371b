package io.tablequery.server.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
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
}
