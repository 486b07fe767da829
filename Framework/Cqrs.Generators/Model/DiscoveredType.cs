namespace Cqrs.Generators.Model;

/// <summary>What one type declaration contributes: a message or aggregate state, handler registrations, a validator, codecs and diagnostics.</summary>
internal sealed record DiscoveredType(
    MessageModel? Message,
    EquatableArray<HandlerModel> Handlers,
    ValidatorModel? Validator,
    EquatableArray<CodecModel> Codecs,
    EquatableArray<DiagnosticInfo> Diagnostics);
