namespace Cqrs.Generators.Model;

/// <summary>A saga's generated map: how each message it handles gives the saga's id, and whether it starts the saga.</summary>
/// <param name="MapName">The generated class's name, in <c>Cqrs.Generated</c>.</param>
internal sealed record SagaMapModel(string MapName, string SagaTypeName, EquatableArray<SagaMessageModel> Messages);

/// <summary>One message of a saga.</summary>
/// <param name="SagaIdExpression">C# that reads the saga id, as a string, from a parameter named <c>message</c>.</param>
/// <param name="HandlerName">The name its handler goes by: the saga's wire name and the message's.</param>
/// <param name="Timeout">True for a timeout: a command the saga sends to itself, which no outside caller may send.</param>
internal sealed record SagaMessageModel(string MessageTypeName, string SagaIdExpression, bool Starts, string HandlerName, bool Timeout);
