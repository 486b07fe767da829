using System.Collections.Immutable;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace Cqrs.Generators.Tests.Infrastructure;

/// <summary>The outcome of one generator run: its diagnostics, generated files and the compilation that includes them.</summary>
internal sealed record GeneratorRun(GeneratorDriver Driver, Compilation Output, ImmutableArray<Diagnostic> Diagnostics)
{
    public GeneratorRunResult Result => Driver.GetRunResult().Results.Single();

    public IEnumerable<string> HintNames => Result.GeneratedSources.Select(source => source.HintName);

    /// <summary>Warnings and errors of the compilation with the generated code, user snippet included.</summary>
    public IEnumerable<Diagnostic> CompilationProblems =>
        Output.GetDiagnostics().Where(diagnostic => diagnostic.Severity >= DiagnosticSeverity.Warning);

    public string Source(string hintName) =>
        Result.GeneratedSources.Single(source => source.HintName == hintName).SourceText.ToString();

    /// <summary>The builder calls of a generated registry, one a line, trimmed.</summary>
    public string[] RegistryCalls(string hintName) =>
        Source(hintName)
            .Split('\n')
            .Select(line => line.Trim())
            .Where(line => line.StartsWith("builder.", StringComparison.Ordinal))
            .ToArray();

    /// <summary>The one diagnostic of the run, asserting there is exactly one and it has <paramref name="id"/>.</summary>
    public Diagnostic Single(string id)
    {
        var diagnostic = Assert.Single(Diagnostics);
        Assert.Equal(id, diagnostic.Id);
        Assert.Equal(DiagnosticSeverity.Error, diagnostic.Severity);
        return diagnostic;
    }

    /// <summary>Asserts that the run reported nothing and its output compiles without warnings.</summary>
    public void AssertClean()
    {
        Assert.Empty(Diagnostics);
        var problems = string.Join("\n", CompilationProblems);
        Assert.True(problems.Length == 0, problems);
    }

    /// <summary>The source text a diagnostic points at.</summary>
    public string TextAt(Diagnostic diagnostic)
    {
        var span = diagnostic.Location.SourceSpan;
        var tree = Output.SyntaxTrees.Single(tree => tree.FilePath == diagnostic.Location.GetLineSpan().Path);
        return tree.GetText().ToString(new TextSpan(span.Start, span.Length));
    }
}
