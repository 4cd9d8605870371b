package io.tablequery.server.http;

import static java.util.Objects.requireNonNull;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;
import java.io.IOException;
import java.io.PrintWriter;

/**
 * An MCP response that gives back its call's slot as its answer starts to go out. The MCP transport writes a call's
 * answer, flushes it and only then returns, so a client that reads the answer could send its next call while the
 * slot was still held, and a key of one call at once would be refused for a call it made after its last one ended.
 * The server writes nothing on a call's stream but its answer (no progress notifications), so the first byte written
 * is the answer's. A response that writes nothing (a notification's 202) gives its slot back when the filter returns,
 * before the container sends it.
 */
final class SlotReleasingResponse extends HttpServletResponseWrapper {
    private final KeyQuotas.Admitted admitted;
    private boolean released;
    private PrintWriter writer;
    private ServletOutputStream stream;

    /**
     * Wraps a response.
     *
     * @param response the container's response
     * @param admitted the call's slot, given back once
     */
    SlotReleasingResponse(HttpServletResponse response, KeyQuotas.Admitted admitted) {
        super(response);
        this.admitted = requireNonNull(admitted, "admitted is null");
    }

    /** Gives back the slot, once. */
    synchronized void release() {
        if (!released) {
            released = true;
            admitted.close();
        }
    }

    @Override
    public synchronized PrintWriter getWriter() throws IOException {
        if (writer == null) {
            writer = new PrintWriter(super.getWriter()) {
                @Override
                public void write(int c) {
                    release();
                    super.write(c);
                }

                @Override
                public void write(char[] buf, int off, int len) {
                    release();
                    super.write(buf, off, len);
                }

                @Override
                public void write(String s, int off, int len) {
                    release();
                    super.write(s, off, len);
                }

                @Override
                public void flush() {
                    release();
                    super.flush();
                }
            };
        }
        return writer;
    }

    @Override
    public synchronized ServletOutputStream getOutputStream() throws IOException {
        if (stream == null) {
            ServletOutputStream out = super.getOutputStream();
            stream = new ServletOutputStream() {
                @Override
                public boolean isReady() {
                    return out.isReady();
                }

                @Override
                public void setWriteListener(WriteListener listener) {
                    out.setWriteListener(listener);
                }

                @Override
                public void write(int b) throws IOException {
                    release();
                    out.write(b);
                }

                @Override
                public void write(byte[] b, int off, int len) throws IOException {
                    release();
                    out.write(b, off, len);
                }

                @Override
                public void flush() throws IOException {
                    release();
                    out.flush();
                }

                @Override
                public void close() throws IOException {
                    release();
                    out.close();
                }
            };
        }
        return stream;
    }

    @Override
    public void flushBuffer() throws IOException {
        release();
        super.flushBuffer();
    }
}
