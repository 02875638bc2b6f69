package kb.local;

import java.io.PrintWriter;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.Callable;
import kb.infra.StartRefused;
import kb.local.verify.VerifyCommand;
import kb.query.status.BuildInfo;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ExitCode;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.ScopeType;
import picocli.CommandLine.Spec;

/**
 * The {@code kb} command: parses the arguments (picocli), runs one subcommand and ends the process with its exit
 * status, the only place that does. 0: done (for verify: no drift); 1: failed (verify: drift); 2: a usage error.
 */
@Command(
        name = "kb",
        synopsisSubcommandLabel = "COMMAND",
        versionProvider = KbMain.Version.class,
        description = "Searching a living knowledge base: folders watched, chunked, embedded and indexed, then asked.",
        footer = {
            "",
            "`kb COMMAND --help` describes one command. Exit status: 0 done, 1 failed (verify: drift), 2 usage."
        })
public final class KbMain implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(
            names = {"-h", "--help"},
            usageHelp = true,
            scope = ScopeType.INHERIT,
            description = "Show this help and exit.")
    boolean help;

    @Option(
            names = {"-V", "--version"},
            versionHelp = true,
            description = "Print the version and the commit this build was made from, and exit.")
    boolean version;

    /** The version and commit baked into the build (query-api's build.properties). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {BuildInfo.current().line()};
        }
    }

    public static void main(String[] args) {
        System.exit(commandLine(System.getenv()).execute(args));
    }

    /**
     * Every subcommand, reading settings from {@code env}; tests run it without ending their JVM. The tools found on
     * the class path ({@link MoreCommands}, kb-tools) come between verify and mcp, where {@code kb --help} always
     * listed them.
     */
    public static CommandLine commandLine(Map<String, String> env) {
        CommandLine commandLine = new CommandLine(new KbMain())
                .addSubcommand(new UpCommand(env))
                .addSubcommand(new ConfigCommand(env))
                .addSubcommand(new VerifyCommand(env));
        for (MoreCommands more : ServiceLoader.load(MoreCommands.class)) {
            more.commands(env).forEach(commandLine::addSubcommand);
        }
        commandLine.addSubcommand(new McpCommand(env));
        commandLine.setExecutionExceptionHandler(KbMain::failed);
        return commandLine;
    }

    /** {@code kb} alone: the list of commands, as a usage error. */
    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "a command is needed");
    }

    /**
     * A subcommand's exception: a {@link StartRefused} (the data folder in use, a port taken, a folder unusable) or
     * an {@link IllegalArgumentException} (a value the command refused) is status 2 with its message alone; anything else is a failure (status 1, with its stack trace).
     */
    private static int failed(Exception e, CommandLine command, ParseResult parsed) {
        PrintWriter err = command.getErr();
        if (e instanceof StartRefused) {
            err.println("kb: " + e.getMessage());
            return ExitCode.USAGE;
        }
        if (e instanceof IllegalArgumentException) {
            err.println("kb: " + e.getMessage());
            err.println("(" + command.getCommandSpec().qualifiedName() + " --help lists the options)");
            return ExitCode.USAGE;
        }
        err.println("kb: failed: " + e);
        e.printStackTrace(err);
        return ExitCode.SOFTWARE;
    }
}
