package kb.local;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import kb.core.settings.KbSettings;
import kb.core.settings.SettingLayers;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code kb config}: every setting {@code kb up} would run with (given the same options), its value and where it
 * comes from: the default, a file, an environment variable or a flag. Starts nothing; a bad value is the same error
 * kb up would stop on.
 */
@Command(
        name = "config",
        description = "Print every setting kb up would use with these options: its value and its source"
                + " (default, file FILE, environment VAR, flag).")
public final class ConfigCommand implements Callable<Integer> {

    /** Values wider than this push the source column no further. */
    private static final int VALUE_COLUMN = 40;

    @Spec
    CommandSpec spec;

    @Mixin
    UpFlags flags = new UpFlags();

    private final Map<String, String> env;

    public ConfigCommand(Map<String, String> env) {
        this.env = Map.copyOf(env);
    }

    @Override
    public Integer call() throws Exception {
        UpConfig config = UpConfig.resolve(flags, env);
        PrintWriter out = spec.commandLine().getOut();
        if (config.files().isEmpty()) {
            out.println("# no settings file (kb.yaml in the data folder or beside the first folder; --config FILE)");
        }
        config.files().forEach(file -> out.println("# settings file " + file));
        List<SettingLayers.InForce> settings = config.layers().inForce();
        int nameWidth = settings.stream()
                .mapToInt(s -> s.setting().name().length())
                .max()
                .orElse(0);
        int valueWidth = Math.min(
                VALUE_COLUMN,
                settings.stream().mapToInt(s -> shown(s).length()).max().orElse(0));
        for (SettingLayers.InForce setting : settings) {
            out.println(String.format(
                            Locale.ROOT,
                            "%-" + nameWidth + "s  %-" + valueWidth + "s  %s",
                            setting.setting().name(),
                            shown(setting),
                            setting.source())
                    .stripTrailing());
        }
        out.flush();
        return ExitCode.OK;
    }

    /** The value, except a secret's: only whether it is set. */
    private static String shown(SettingLayers.InForce setting) {
        boolean secret = setting.setting() == KbSettings.API_TOKEN;
        return secret && !setting.value().equals("(unset)") ? "(set)" : setting.value();
    }
}
