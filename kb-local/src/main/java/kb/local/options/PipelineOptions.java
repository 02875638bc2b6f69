package kb.local.options;

import picocli.CommandLine.Mixin;

/**
 * {@code --data}, {@code --kafka} and {@code --es} together: which pipeline a command runs or checks (its data folder,
 * and an external broker and Elasticsearch), one mixin for {@code up}, {@code config} and {@code verify}, made of the
 * two that {@code mcp} ({@link DataFolderOption}) and {@code eval} ({@link ExternalServices}) take alone.
 */
public final class PipelineOptions {

    @Mixin
    DataFolderOption data = new DataFolderOption();

    @Mixin
    ExternalServices services = new ExternalServices();

    /** {@code --data}. */
    public DataFolderOption data() {
        return data;
    }

    /** {@code --kafka} and {@code --es}. */
    public ExternalServices services() {
        return services;
    }
}
