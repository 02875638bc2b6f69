package kb.tools;

import java.util.List;
import java.util.Map;
import kb.local.MoreCommands;
import kb.tools.bench.BenchCommand;
import kb.tools.bench.LiveEditProbe;
import kb.tools.cluster.ClusterCommand;
import kb.tools.eval.CalibrateCommand;
import kb.tools.eval.EvalCommand;
import kb.tools.soak.SoakCommand;

/** The measuring tools as {@code kb} commands, registered for {@link java.util.ServiceLoader} in META-INF/services. */
public final class ToolCommands implements MoreCommands {

    @Override
    public List<Object> commands(Map<String, String> env) {
        return List.of(
                new SoakCommand(env),
                new EvalCommand(),
                new CalibrateCommand(),
                new BenchCommand(),
                new LiveEditProbe(),
                new ClusterCommand());
    }
}
