namespace Cqrs.Generators.Model;

/// <summary>
/// What one type declaration contributes: a message, aggregate or saga state, handler registrations (a saga's
/// included), a validator, codecs, a saga's map of its messages to its id, and diagnostics.
/// </summary>
internal sealed record DiscoveredType(
    MessageModel? Message,
    EquatableArray<HandlerModel> Handlers,
    ValidatorModel? Validator,
    EquatableArray<CodecModel> Codecs,
    EquatableArray<DiagnosticInfo> Diagnostics,
    SagaMapModel? SagaMap = null);
