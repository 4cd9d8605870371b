/**
 * The table-query skill over one workspace: {@code search-tables}, {@code get-schemas} and {@code run-sql}, each
 * returning a value for programs and the compact text agents read. The CLI and the HTTP API both call
 * {@link io.tablequery.engine.skill.TableQuerySkill}, so their output is the same.
 */
package io.tablequery.engine.skill;
