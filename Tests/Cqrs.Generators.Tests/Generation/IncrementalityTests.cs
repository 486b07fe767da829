using Cqrs.Generators.Tests.Infrastructure;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace Cqrs.Generators.Tests.Generation;

public sealed class IncrementalityTests
{
    [Fact]
    public void Rerun_AfterAddingAnUnrelatedFile_ReusesTheOutput()
    {
        var compilation = GeneratorHarness.Compile("Shop", [ShopSnippet.Source]);
        var first = GeneratorHarness.Run(compilation);

        var second = first.Driver.RunGenerators(compilation.AddSyntaxTrees(Parse("namespace Shop; public sealed class Clock;", "Clock.cs")));

        AssertOutputReused(second);
    }

    [Fact]
    public void Rerun_AfterEditingAMethodBody_ReusesTheOutput()
    {
        var compilation = GeneratorHarness.Compile("Shop", [ShopSnippet.Source]);
        var first = GeneratorHarness.Run(compilation);
        var tree = compilation.SyntaxTrees.Single();
        var edited = tree.GetText().ToString().Replace(
            "public PingValidator() => RuleFor(ping => ping.Sequence).GreaterThan(0);",
            "public PingValidator() => RuleFor(ping => ping.Sequence).GreaterThan(1);",
            StringComparison.Ordinal);

        var second = first.Driver.RunGenerators(compilation.ReplaceSyntaxTree(tree, Parse(edited, tree.FilePath)));

        AssertOutputReused(second);
    }

    [Fact]
    public void Rerun_AfterAddingAKey_RegeneratesTheCodec()
    {
        var compilation = GeneratorHarness.Compile("Shop", [ShopSnippet.Source]);
        var first = GeneratorHarness.Run(compilation);
        var tree = compilation.SyntaxTrees.Single();
        var edited = tree.GetText().ToString().Replace("[Key(3)] public string? Note", "[Key(2)] public string? Note", StringComparison.Ordinal);

        var second = first.Driver.RunGenerators(compilation.ReplaceSyntaxTree(tree, Parse(edited, tree.FilePath)));

        var output = Assert.Single(second.GetRunResult().Results.Single().TrackedOutputSteps.SelectMany(step => step.Value).SelectMany(step => step.Outputs));
        Assert.Equal(IncrementalStepRunReason.Modified, output.Reason);
    }

    private static SyntaxTree Parse(string text, string path) =>
        CSharpSyntaxTree.ParseText(text, new CSharpParseOptions(LanguageVersion.Latest), path);

    private static void AssertOutputReused(GeneratorDriver driver)
    {
        var outputs = driver.GetRunResult().Results.Single().TrackedOutputSteps.SelectMany(step => step.Value).SelectMany(step => step.Outputs).ToList();
        Assert.NotEmpty(outputs);
        Assert.All(outputs, output => Assert.Equal(IncrementalStepRunReason.Cached, output.Reason));
    }
}
