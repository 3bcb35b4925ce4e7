// Parse each file named with javac's own parser (syntax only: no types, no
// imports resolved) and print its syntax errors; exit 1 if any file has one.
// Run as a single-file program: `java scripts/parsers/JavaParse.java FILE...`.
import com.sun.source.util.JavacTask;
import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

public class JavaParse {
    public static void main(String[] files) throws Exception {
        var compiler = ToolProvider.getSystemJavaCompiler();
        var diagnostics = new DiagnosticCollector<JavaFileObject>();
        try (StandardJavaFileManager fm = compiler.getStandardFileManager(diagnostics, null, null)) {
            var task = (JavacTask) compiler.getTask(null, fm, diagnostics, List.of("-proc:none"), null,
                    fm.getJavaFileObjects(files));
            task.parse();
        }
        int errors = 0;
        for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                System.err.println(d);
                errors++;
            }
        }
        System.exit(errors == 0 ? 0 : 1);
    }
}
