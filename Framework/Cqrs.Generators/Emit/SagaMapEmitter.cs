using Cqrs.Generators.Model;

namespace Cqrs.Generators.Emit;

/// <summary>Emits a saga's map: for each message it handles, how to read the saga id, whether it starts the saga, and its handler's name.</summary>
internal static class SagaMapEmitter
{
    public static string Emit(SagaMapModel map)
    {
        var contracts = string.Join(", ", System.Linq.Enumerable.Select(map.Messages, message => $"global::Cqrs.EventSourcing.ISagaMap<{message.MessageTypeName}>"));
        var code = CodeWriter.GeneratedFile()
            .Open("namespace Cqrs.Generated")
            .Line($"/// <summary>How the messages of <see cref=\"{map.SagaTypeName.Replace("global::", string.Empty)}\"/> give its id, by its [SagaCorrelation] or their [SagaId] members.</summary>")
            .Open($"internal sealed class {map.MapName} : {contracts}");
        foreach (var message in map.Messages)
        {
            code.Line($"public static string SagaIdOf({message.MessageTypeName} message) => {message.SagaIdExpression};")
                .Line()
                .Line($"public static bool StartsSaga({message.MessageTypeName} message) => {(message.Starts ? "true" : "false")};")
                .Line()
                .Line($"static string global::Cqrs.EventSourcing.ISagaMap<{message.MessageTypeName}>.HandlerName => {CodeWriter.Literal(message.HandlerName)};")
                .Line();
        }

        return code.Close().Close().ToString();
    }
}
